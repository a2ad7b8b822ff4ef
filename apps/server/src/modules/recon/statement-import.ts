/**
 * Imports a bank statement file: one pass over its bytes (file-scan.ts: its hash, no line over
 * MAX_LINE_BYTES), the format (named, or detected), the account (named, or found by the number the
 * file carries; it must be known and the user must reach all its companies), a check of the whole
 * file that writes nothing (statement-check.ts; a file of several accounts gives one statement per
 * account, each account known and the user's before anything is written, then each imported as
 * below, so a failure in a later account leaves the earlier ones whole and complete), then the
 * write, one account at a time: the statement row as `importing`, its lines read as a stream and
 * written and matched in batches of LINE_BATCH, each batch in a short database transaction of its
 * own (other writers wait for one batch, never for the file); the lines no rule took (1:N, then missing in Tagih) in batches too;
 * and in one last transaction the paid transactions the statement should have carried (missing at
 * the bank), the breaks its matches settle, the counts, `complete`, and recon.statement.imported.
 * A failure on the way takes everything back (import-cleanup.ts) and leaves the row `failed` with
 * the reason; a server that dies leaves it to the lease's end, and the next import or the hourly
 * housekeeping takes it back. The same file again answers its first result; lines already known
 * from another file are skipped by their fingerprint.
 */
import {
  AUDIT_ACTIONS,
  BREAK_CATEGORIES,
  addDays,
  businessDate,
  csvMapping,
  type BreakCategory,
  type StatementFormat,
  type StatementImportResult,
} from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { dayEndUtc, dayStartUtc } from '../../business-time.ts';
import { violationOf } from '../../db/violations.ts';
import type { Actor } from '../../shared/actor.ts';
import { AppError, Conflict, Forbidden, Invalid, TooManyRequests } from '../../shared/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { takeLease } from '../transactions/actions/throttle.ts';
import { accountById, accountsByNumber, type AccountScope } from './accounts-repo.ts';
import * as breaks from './breaks-repo.ts';
import { lateBefore } from './expected.ts';
import { scanFile } from './file-scan.ts';
import { failureText } from './failure-text.ts';
import { detectFormat, headOf, statementEvents } from './formats/statement-file.ts';
import { StatementRefusal, type StatementEvent } from './formats/statement-events.ts';
import {
  cleanAbandonedImports,
  failedHash,
  IMPORT_LEASE_MS,
  takeBackImport,
} from './import-cleanup.ts';
import type { ProgressSink } from './import-progress.ts';
import { LINE_BATCH, writeLines } from './line-writer.ts';
import * as lines from './lines-repo.ts';
import { settleTransactionBreaksOfStatement, type MatchContext } from './matching/break-records.ts';
import { matchCreditLines } from './matching/match-lines.ts';
import { flagMissingAtBank } from './matching/missing-at-bank.ts';
import { settleUnidentified, type DayTotals } from './matching/unidentified.ts';
import { companyScope, reachesAll } from './scope.ts';
import {
  accountDigits,
  checkStatement,
  sectionsOf,
  type CheckedStatement,
} from './statement-check.ts';

/** What an import refused with 429 is told to wait: an import of a day takes seconds. */
export const IMPORT_RETRY_SECONDS = 10;

export interface UploadedFile {
  path: string;
  fileName: string | null;
}

export interface ImportRequest {
  format?: StatementFormat | undefined;
  baccId?: number | undefined;
  /** Told how far the import is (import-progress.ts); none: nobody asks. */
  progress?: ProgressSink | undefined;
}

/** Reports how many entries the check has read, every PROGRESS_EVERY of them. */
const PROGRESS_EVERY = 1_000;
async function* counted(
  events: AsyncIterable<StatementEvent>,
  report: (entries: number) => void,
): AsyncIterable<StatementEvent> {
  let entries = 0;
  for await (const event of events) {
    if (event.type === 'entry' && ++entries % PROGRESS_EVERY === 0) report(entries);
    yield event;
  }
}

/** A refusal of the file: 400 with the line and the reason in data. */
const refused = (r: StatementRefusal) =>
  new AppError(400, `The statement was not imported: ${r.message}`, {
    data: { line: r.lineNo, reason: r.reason, code: r.code },
  });

function mappingOf(account: AccountScope) {
  if (!account.csvMapping) return null;
  return csvMapping.parse(JSON.parse(account.csvMapping));
}

async function chooseAccount(
  deps: AppDeps,
  request: ImportRequest,
  fileAccount: string | null,
): Promise<AccountScope> {
  if (request.baccId !== undefined) {
    const account = await accountById(deps.db, request.baccId);
    if (!account)
      throw new Invalid(`Bank account ${request.baccId} is not known`, {
        baccId: 'is not a known bank account',
      });
    if (fileAccount && fileAccount !== account.accountNo) {
      throw new Invalid(
        `The file is for account ${fileAccount}, not ${account.bank} ${account.accountNo}`,
        { baccId: `the file is for account ${fileAccount}` },
      );
    }
    return account;
  }
  if (!fileAccount)
    throw new Invalid('The file does not name its account: choose the bank account (baccId)', {
      baccId: 'is required for this file',
    });
  const found = await accountsByNumber(deps.db, fileAccount);
  if (found.length === 0)
    throw new Invalid(
      `Account ${fileAccount} is not a known bank account; add it under Bank Account first`,
      { baccId: `account ${fileAccount} is not known` },
    );
  if (found.length > 1)
    throw new Invalid(
      `Account ${fileAccount} is known at more than one bank: choose the bank account (baccId)`,
      { baccId: 'is required for this file' },
    );
  return found[0]!;
}

function answerOf(row: { stmtResult: string }, alreadyImported: boolean): StatementImportResult {
  return { ...(JSON.parse(row.stmtResult) as StatementImportResult), alreadyImported };
}

export async function importStatement(
  deps: AppDeps,
  actor: Actor,
  file: UploadedFile,
  request: ImportRequest,
): Promise<StatementImportResult> {
  const progress = request.progress ?? (() => undefined);
  progress('checking', 0, null);
  try {
    const result = await importChecked(deps, actor, file, request, progress);
    progress('done', result.lines + result.skippedLines);
    return result;
  } catch (error) {
    progress('failed', 0);
    throw error;
  }
}

/** What the check saw before it finished (or refused): the account the file names, the parser's variant. */
interface Seen {
  accountNo: string | null;
  variant: string | null;
}

/**
 * Notes the first section's account and the variant the parser read the file as. A parser names
 * its variant as an optional `variant` (text) on a section's start event.
 */
async function* observed(
  events: AsyncIterable<StatementEvent>,
  seen: Seen,
): AsyncIterable<StatementEvent> {
  for await (const event of events) {
    if (event.type === 'start') {
      seen.accountNo ??= accountDigits(event.accountNo);
      const variant = (event as { variant?: unknown }).variant;
      if (seen.variant === null && typeof variant === 'string' && variant !== '')
        seen.variant = variant.slice(0, 40);
    }
    yield event;
  }
}

async function importChecked(
  deps: AppDeps,
  actor: Actor,
  file: UploadedFile,
  request: ImportRequest,
  progress: ProgressSink,
): Promise<StatementImportResult> {
  const tz = deps.config.businessTz;
  const now = deps.clock.now();
  const seen: Seen = { accountNo: null, variant: null };
  let format: StatementFormat | null = request.format ?? null;
  let named: AccountScope | undefined;
  try {
    named = request.baccId !== undefined ? await accountById(deps.db, request.baccId) : undefined;
    if (request.baccId !== undefined && !named)
      throw new Invalid(`Bank account ${request.baccId} is not known`, {
        baccId: 'is not a known bank account',
      });
    const { hash } = await scanFile(file.path);
    const head = await headOf(file.path);
    format ??= detectFormat(head);
    const mapping = named ? mappingOf(named) : null;
    const events = observed(
      counted(statementEvents(file.path, format, head, mapping), (entries) =>
        progress('checking', entries),
      ),
      seen,
    );
    const statements = await checkStatement(events, addDays(businessDate(now, tz), 1));
    if (statements.length > 1 && request.baccId !== undefined) {
      const numbers = statements.map((c) => c.accountNo ?? '?').join(', ');
      throw new Invalid(
        `The file holds the statements of ${statements.length} accounts (${numbers}): import it without choosing a bank account`,
        { baccId: 'must be left out for a file of several accounts' },
      );
    }
    // Every account known and wholly the user's before anything is written.
    const scope = await companyScope(deps, actor.session);
    const targets: { account: AccountScope; checked: CheckedStatement }[] = [];
    for (const checked of statements) {
      const account = await chooseAccount(deps, request, accountDigits(checked.accountNo));
      if (!reachesAll(scope, account.compIds))
        throw new Forbidden(
          'You may import only the statements of accounts whose companies are all yours',
        );
      targets.push({ account, checked });
    }
    const results: StatementImportResult[] = [];
    for (const { account, checked } of targets) {
      const only = statements.length > 1 ? checked.accountNo : undefined;
      const prepared = { file, format, head, mapping: mappingOf(account), account, checked };
      results.push(await importAccount(deps, actor, { ...prepared, only, hash, now, progress }));
    }
    const [first, ...more] = results;
    return more.length > 0 ? { ...first!, moreAccounts: more } : first!;
  } catch (error) {
    if (error instanceof StatementRefusal) {
      const audit = {
        action: AUDIT_ACTIONS.recon.statementImported,
        outcome: 'failure' as const,
        target: null,
        details: {
          format,
          file: file.fileName,
          baccId: request.baccId ?? null,
          line: error.lineNo,
          reason: error.reason,
        },
      };
      await recordAudit(deps.db, deps.clock, actor.audit, audit);
      await recordRefusal(deps, actor, file, { named, seen, format: format ?? 'mt940', error });
      throw refused(error);
    }
    throw error;
  }
}

/** One account's statement of the file: under the account's lease, the same file again answers its first result. */
async function importAccount(
  deps: AppDeps,
  actor: Actor,
  p: Omit<Prepared, 'keepLease'>,
): Promise<StatementImportResult> {
  const { account, hash } = p;
  // One import per account at a time, across servers: two would race for the same lines' fingerprints.
  const lease = await takeLease(deps, `reconImport:account:${account.baccId}`, IMPORT_LEASE_MS);
  if (!lease)
    throw new TooManyRequests(
      `Another statement of ${account.bank} ${account.accountNo} is being imported. Please wait until it has finished, then try again.`,
      IMPORT_RETRY_SECONDS,
    );
  try {
    await cleanAbandonedImports(deps);
    const earlier = await lines.statementByHash(deps.db, account.baccId, hash);
    if (earlier?.stmtState === 'complete') return answerOf(earlier, true);
    if (earlier)
      throw new Conflict(
        'This file is being imported right now; its result will be on the statements list.',
      );
    p.progress('writing', 0, p.checked.lines);
    return await write(deps, actor, { ...p, keepLease: () => lease.renew() });
  } catch (error) {
    // The same file, uploaded at the same moment, committed first.
    const twin =
      violationOf(error)?.kind === 'unique'
        ? await lines.statementByHash(deps.db, account.baccId, hash)
        : undefined;
    if (twin?.stmtState === 'complete') return answerOf(twin, true);
    throw error;
  } finally {
    await lease.release().catch(() => undefined);
  }
}

/**
 * A refused file is listed as a failed import (no lines) with the reason in Indonesian, under the
 * account it was imported for: the one chosen, or the one the file names when that is known, only
 * one, and the user reaches all its companies. A file that names no account it may be listed
 * under is only audited (its 400 answer said why).
 */
async function recordRefusal(
  deps: AppDeps,
  actor: Actor,
  file: UploadedFile,
  r: {
    named: AccountScope | undefined;
    seen: Seen;
    format: StatementFormat;
    error: StatementRefusal;
  },
): Promise<void> {
  let account = r.named;
  if (!account && r.seen.accountNo) {
    const found = await accountsByNumber(deps.db, r.seen.accountNo);
    account = found.length === 1 ? found[0] : undefined;
  }
  if (!account || !reachesAll(await companyScope(deps, actor.session), account.compIds)) return;
  await lines.insertStatement(deps.db, {
    stmtBaccId: account.baccId,
    stmtFormat: r.format,
    stmtFileName: file.fileName?.slice(0, 255) ?? null,
    stmtFileHash: failedHash(),
    stmtReference: null,
    stmtFromDay: null,
    stmtToDay: null,
    stmtFromAt: null,
    stmtToAt: null,
    stmtLines: 0,
    stmtSkippedLines: 0,
    stmtCredits: 0,
    stmtMatched: 0,
    stmtBalanceChecked: 0,
    stmtResult: '{}',
    stmtCreatedTime: iso(deps.clock.now()),
    stmtCreatedUserId: actor.session.userId,
    stmtCreatedUsername: actor.session.username,
    stmtState: 'failed',
    stmtFailure: failureText(r.error.lineNo, r.error.reason),
    stmtLeaseUntil: null,
    stmtVariant: r.seen.variant,
  });
}

interface Prepared {
  file: UploadedFile;
  format: StatementFormat;
  head: string;
  mapping: ReturnType<typeof mappingOf>;
  account: AccountScope;
  checked: CheckedStatement;
  /** A file of several accounts: the account whose sections are written (statement-check.ts sectionsOf). */
  only: string | null | undefined;
  hash: string;
  now: Date;
  progress: ProgressSink;
  /** Renews the account's import lease (called as batches go). */
  keepLease: () => Promise<void>;
}

async function write(deps: AppDeps, actor: Actor, p: Prepared): Promise<StatementImportResult> {
  const tz = deps.config.businessTz;
  const nowIso = iso(p.now);
  const { account, checked } = p;
  const leaseUntil = () => iso(new Date(deps.clock.now().getTime() + IMPORT_LEASE_MS));
  const cover =
    checked.fromDay && checked.toDay
      ? {
          start: dayStartUtc(checked.fromDay, tz).toISOString(),
          end: dayEndUtc(checked.toDay, tz).toISOString(),
        }
      : null;
  const stmtId = await lines.insertStatement(deps.db, {
    stmtBaccId: account.baccId,
    stmtFormat: p.format,
    stmtFileName: p.file.fileName?.slice(0, 255) ?? null,
    stmtFileHash: p.hash,
    stmtReference: checked.reference,
    stmtFromDay: checked.fromDay,
    stmtToDay: checked.toDay,
    stmtFromAt: cover?.start ?? null,
    stmtToAt: cover?.end ?? null,
    stmtLines: 0,
    stmtSkippedLines: 0,
    stmtCredits: 0,
    stmtMatched: 0,
    stmtBalanceChecked: checked.balanceChecked ? 1 : 0,
    stmtResult: '{}',
    stmtCreatedTime: nowIso,
    stmtCreatedUserId: actor.session.userId,
    stmtCreatedUsername: actor.session.username,
    stmtState: 'importing',
    stmtLeaseUntil: leaseUntil(),
    stmtVariant: checked.variant,
  });
  try {
    return await writeAndMatch(deps, actor, p, stmtId, cover, leaseUntil);
  } catch (error) {
    const reason =
      error instanceof StatementRefusal
        ? failureText(error.lineNo, error.reason)
        : 'Impor gagal karena kesalahan server; tidak ada baris yang disimpan. Impor ulang berkasnya.';
    await takeBackImport(deps.db, stmtId, reason).catch(() => undefined); // else the lease runs out and the housekeeping takes it back
    throw error;
  }
}

async function writeAndMatch(
  deps: AppDeps,
  actor: Actor,
  p: Prepared,
  stmtId: number,
  cover: { start: string; end: string } | null,
  leaseUntil: () => string,
): Promise<StatementImportResult> {
  const tz = deps.config.businessTz;
  const nowIso = iso(p.now);
  const { account, checked } = p;
  const ctx: MatchContext = {
    nowIso,
    stmtId,
    userId: null,
    username: null,
    deferTransactionSettling: true,
  };
  const tally = { lines: 0, skipped: 0, credits: 0, matched: 0 };
  let renewedAt = Date.now();
  const renew = async (db: Parameters<typeof lines.renewStatementLease>[0]) => {
    await lines.renewStatementLease(db, stmtId, leaseUntil());
    if (Date.now() - renewedAt > IMPORT_LEASE_MS / 4) {
      renewedAt = Date.now();
      await p.keepLease();
    }
  };
  const events = statementEvents(p.file.path, p.format, p.head, p.mapping);
  await writeLines(
    p.only === undefined ? events : sectionsOf(events, p.only),
    { stmtId, baccId: account.baccId, timeZone: tz },
    async (rows) => {
      await deps.db.transaction().execute(async (tx) => {
        const inserted = new Map(
          (await lines.insertLines(tx, rows)).map((r) => [r.stlnFingerprint, r.stlnId]),
        );
        tally.lines += inserted.size;
        tally.skipped += rows.length - inserted.size;
        const credits = rows
          .filter((r) => r.stlnDirection === 'C' && inserted.has(r.stlnFingerprint))
          .map((r) => ({
            ...r,
            stlnId: inserted.get(r.stlnFingerprint)!,
            stlnReference: r.stlnReference ?? null,
          }));
        tally.credits += credits.length;
        tally.matched += (await matchCreditLines(tx, account, credits, ctx)).matched;
        await renew(tx);
      });
      p.progress('writing', tally.lines + tally.skipped);
    },
  );
  p.progress('matching', tally.lines + tally.skipped);
  const totals: DayTotals = new Map();
  for (let after = 0; ;) {
    const rest = await lines.unsettledCredits(deps.db, stmtId, after, LINE_BATCH);
    await deps.db.transaction().execute(async (tx) => {
      tally.matched += await settleUnidentified(tx, account, rest, ctx, totals);
      await renew(tx);
    });
    if (rest.length < LINE_BATCH) break;
    after = rest.at(-1)!.stlnId;
  }

  // The last transaction: what touches other statements' breaks, and the statement becomes the account's.
  return deps.db.transaction().execute(async (tx) => {
    const last: MatchContext = { ...ctx, deferTransactionSettling: false };
    await settleTransactionBreaksOfStatement(tx, stmtId, last);
    if (cover) await flagMissingAtBank(tx, account, cover.start, cover.end, last);
    const late = lateBefore(p.now, tz, deps.config.reconExpectedDays);
    const counts = Object.fromEntries(BREAK_CATEGORIES.map((c) => [c, 0])) as Record<
      BreakCategory,
      number
    >;
    let expected = 0;
    for (const b of await breaks.breaksOfStatement(tx, stmtId)) {
      if (b.rbrkCategory === 'missing_at_bank' && b.rbrkAt >= late) expected++;
      else counts[b.rbrkCategory as BreakCategory]++;
    }
    const result: StatementImportResult = {
      stmtId,
      alreadyImported: false,
      format: p.format,
      baccId: account.baccId,
      lines: tally.lines,
      skippedLines: tally.skipped,
      pendingLines: checked.pending,
      credits: tally.credits,
      matched: tally.matched,
      balanceChecked: checked.balanceChecked,
      breaks: counts,
      expected,
      accountNo: account.accountNo,
    };
    await lines.finishStatement(tx, stmtId, {
      stmtLines: tally.lines,
      stmtSkippedLines: tally.skipped,
      stmtCredits: tally.credits,
      stmtMatched: tally.matched,
      stmtResult: JSON.stringify(result),
    });
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.recon.statementImported,
      target: { type: 'recon_statement', id: stmtId },
      details: {
        format: p.format,
        file: p.file.fileName,
        baccId: account.baccId,
        lines: tally.lines,
        skippedLines: tally.skipped,
        credits: tally.credits,
        matched: tally.matched,
        breaks: counts,
        expected,
      },
    });
    return result;
  });
}
