/**
 * Pulls a bank account's statement from its bank (SNAP bank-statement, integrations/bank/
 * statement-client.ts) and imports it as a file would be (statement-import.ts): the whole statement
 * is read first, written as MT940 to a temporary file, then checked, written and matched in one
 * transaction. One pull per account at a time (a lease across servers: a double click answers 429);
 * the same statement again adds nothing (the same file: its first result; the same lines: skipped).
 * Every pull, done or failed, is a recon.statement.pulled audit event.
 */
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_ACTIONS, addDays, businessDate, type StatementImportResult } from '@tagih/contract';
import { dayEndUtc, dayStartUtc } from '../../../business-time.ts';
import type { AppDeps } from '../../../deps.ts';
import { BankFailure } from '../../../integrations/bank/gateway.ts';
import type { Actor } from '../../../shared/actor.ts';
import { AppError, Forbidden, Invalid, TooManyRequests } from '../../../shared/errors.ts';
import { recordAudit } from '../../audit/service.ts';
import { takeLease } from '../../transactions/actions/throttle.ts';
import { accountById } from '../accounts-repo.ts';
import { companyScope, reachesAll } from '../scope.ts';
import { importStatement } from '../statement-import.ts';
import { pulledMt940 } from './pulled-mt940.ts';

/** The most days one pull asks for (the bank's own limit is 31). */
export const MAX_PULL_DAYS = 31;
/** A pull holds its account this long at most (pages at the bank timeout each, then the import). */
const LEASE_MS = 10 * 60_000;

export interface PullRequest {
  baccId: number;
  /** Business days, inclusive; default yesterday. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface PullResult extends StatementImportResult {
  pages: number;
}

const statusOf = (error: BankFailure) =>
  error.reason === 'timeout' ? 504 : error.reason === 'not-configured' ? 503 : 502;

export async function pullStatement(
  deps: AppDeps,
  actor: Actor,
  request: PullRequest,
  options: { scheduled?: boolean } = {},
): Promise<PullResult> {
  const tz = deps.config.businessTz;
  const today = businessDate(deps.clock.now(), tz);
  const to = request.to ?? request.from ?? addDays(today, -1);
  const from = request.from ?? to;
  if (from > to) throw new Invalid('from must not be after to', { to: 'must not be before from' });
  if (to > today) throw new Invalid(`to ${to} is in the future`, { to: 'must not be after today' });
  if (addDays(from, MAX_PULL_DAYS - 1) < to)
    throw new Invalid(`At most ${MAX_PULL_DAYS} days in one pull`, {
      to: `at most ${MAX_PULL_DAYS} days after from`,
    });
  const account = await accountById(deps.db, request.baccId);
  if (!account)
    throw new Invalid(`Bank account ${request.baccId} is not known`, {
      baccId: 'is not a known bank account',
    });
  if (!reachesAll(await companyScope(deps, actor.session), account.compIds)) {
    throw new Forbidden(
      'You may pull only the statements of accounts whose companies are all yours',
    );
  }
  const source = deps.bankStatements;
  if (!source?.serves(account.bank, account.accountNo)) {
    throw new Invalid(
      `Bank ${account.bank} has no statement service configured for account ${account.accountNo} (BANK_CONFIG_FILE "accounts")`,
      { baccId: "its bank does not serve this account's statement" },
    );
  }
  const lease = await takeLease(deps, `recon.pull:${account.baccId}`, LEASE_MS);
  if (!lease)
    throw new TooManyRequests(
      `A statement of ${account.bank} ${account.accountNo} is being pulled already; try again shortly`,
      5,
    );

  const details = {
    baccId: account.baccId,
    bank: account.bank,
    accountNo: account.accountNo,
    from,
    to,
    scheduled: options.scheduled === true,
  };
  const audit = (
    outcome: 'success' | 'failure',
    more: Record<string, unknown>,
    target: { type: string; id: number } | null,
  ) =>
    recordAudit(deps.db, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.recon.statementPulled,
      outcome,
      target,
      details: { ...details, ...more },
    });
  const file = join(tmpdir(), `tagih-pull-${randomUUID()}.mt940`);
  try {
    let pulled;
    try {
      pulled = await source.fetchStatement({
        bank: account.bank,
        accountNo: account.accountNo,
        from: dayStartUtc(from, tz),
        to: new Date(dayEndUtc(to, tz).getTime() - 1000),
      });
    } catch (error) {
      if (!(error instanceof BankFailure)) throw error;
      await audit('failure', { error: error.message, bankResponseCode: error.responseCode }, null);
      throw new AppError(statusOf(error), `The statement was not pulled: ${error.message}`, {
        data: { bankResponseCode: error.responseCode },
      });
    }
    await writeFile(file, pulledMt940(account.accountNo, from, to, pulled, tz), { mode: 0o600 });
    const fileName = `SNAP bank-statement ${account.bank} ${account.accountNo} ${from}..${to}`;
    let result: StatementImportResult;
    try {
      result = await importStatement(
        deps,
        actor,
        { path: file, fileName },
        { format: 'mt940', baccId: account.baccId },
      );
    } catch (error) {
      await audit('failure', { pages: pulled.pages, error: (error as Error).message }, null);
      throw error;
    }
    await audit(
      'success',
      {
        pages: pulled.pages,
        lines: result.lines,
        skippedLines: result.skippedLines,
        stmtId: result.stmtId,
        alreadyImported: result.alreadyImported,
      },
      { type: 'recon_statement', id: result.stmtId },
    );
    return { ...result, pages: pulled.pages };
  } finally {
    await rm(file, { force: true });
    await lease.release();
  }
}
