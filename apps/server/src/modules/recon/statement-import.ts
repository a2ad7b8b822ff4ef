/**
 * Imports a bank statement file: the format (named, or detected), the account (named, or found by
 * the number the file carries; it must be known and the user must reach all its companies), a
 * first pass that checks the whole file and writes nothing (statement-check.ts), then in ONE
 * database transaction the statement, its new lines in batches, each batch matched at once, the
 * lines no rule took (1:N, then missing in Tagih), the paid transactions the statement should have
 * carried (missing at the bank), and recon.statement.imported. The same file again answers its
 * first result; lines already known from another file are skipped by their fingerprint.
 */
import { AUDIT_ACTIONS, BREAK_CATEGORIES, addDays, businessDate, csvMapping, type BreakCategory, type StatementFormat, type StatementImportResult } from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { dayEndUtc, dayStartUtc } from '../../business-time.ts';
import { violationOf } from '../../db/violations.ts';
import type { Actor } from '../../shared/actor.ts';
import { AppError, Forbidden, Invalid } from '../../shared/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { accountById, accountsByNumber, type AccountScope } from './accounts-repo.ts';
import * as breaks from './breaks-repo.ts';
import { lateBefore } from './expected.ts';
import { detectFormat, fileHash, headOf, statementEvents } from './formats/statement-file.ts';
import { StatementRefusal, type StatementEvent } from './formats/statement-events.ts';
import type { ProgressSink } from './import-progress.ts';
import { LINE_BATCH, writeLines } from './line-writer.ts';
import * as lines from './lines-repo.ts';
import type { MatchContext } from './matching/break-records.ts';
import { matchCreditLines } from './matching/match-lines.ts';
import { flagMissingAtBank } from './matching/missing-at-bank.ts';
import { settleUnidentified } from './matching/unidentified.ts';
import { companyScope, reachesAll } from './scope.ts';
import { accountDigits, checkStatement, type CheckedStatement } from './statement-check.ts';

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
async function* counted(events: AsyncIterable<StatementEvent>, report: (entries: number) => void): AsyncIterable<StatementEvent> {
  let entries = 0;
  for await (const event of events) {
    if (event.type === 'entry' && ++entries % PROGRESS_EVERY === 0) report(entries);
    yield event;
  }
}

/** A refusal of the file: 400 with the line and the reason in data. */
const refused = (r: StatementRefusal) => new AppError(400, `The statement was not imported: ${r.message}`, { data: { line: r.lineNo, reason: r.reason, code: r.code } });

function mappingOf(account: AccountScope) {
  if (!account.csvMapping) return null;
  return csvMapping.parse(JSON.parse(account.csvMapping));
}

async function chooseAccount(deps: AppDeps, request: ImportRequest, fileAccount: string | null): Promise<AccountScope> {
  if (request.baccId !== undefined) {
    const account = await accountById(deps.db, request.baccId);
    if (!account) throw new Invalid(`Bank account ${request.baccId} is not known`, { baccId: 'is not a known bank account' });
    if (fileAccount && fileAccount !== account.accountNo) {
      throw new Invalid(`The file is for account ${fileAccount}, not ${account.bank} ${account.accountNo}`, { baccId: `the file is for account ${fileAccount}` });
    }
    return account;
  }
  if (!fileAccount) throw new Invalid('The file does not name its account: choose the bank account (baccId)', { baccId: 'is required for this file' });
  const found = await accountsByNumber(deps.db, fileAccount);
  if (found.length === 0) throw new Invalid(`Account ${fileAccount} is not a known bank account; add it under Bank Account first`, { baccId: `account ${fileAccount} is not known` });
  if (found.length > 1) throw new Invalid(`Account ${fileAccount} is known at more than one bank: choose the bank account (baccId)`, { baccId: 'is required for this file' });
  return found[0]!;
}

function answerOf(row: { stmtResult: string }, alreadyImported: boolean): StatementImportResult {
  return { ...(JSON.parse(row.stmtResult) as StatementImportResult), alreadyImported };
}

export async function importStatement(deps: AppDeps, actor: Actor, file: UploadedFile, request: ImportRequest): Promise<StatementImportResult> {
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

async function importChecked(deps: AppDeps, actor: Actor, file: UploadedFile, request: ImportRequest, progress: ProgressSink): Promise<StatementImportResult> {
  const head = await headOf(file.path);
  const format = request.format ?? detectFormat(head);
  const tz = deps.config.businessTz;
  const now = deps.clock.now();
  const audit = (outcome: 'success' | 'failure', details: Record<string, unknown>) => ({ action: AUDIT_ACTIONS.recon.statementImported, outcome, target: null, details: { format, file: file.fileName, ...details } });
  try {
    const named = request.baccId !== undefined ? await accountById(deps.db, request.baccId) : undefined;
    if (request.baccId !== undefined && !named) throw new Invalid(`Bank account ${request.baccId} is not known`, { baccId: 'is not a known bank account' });
    const mapping = named ? mappingOf(named) : null;
    const checked = await checkStatement(counted(statementEvents(file.path, format, head, mapping), (entries) => progress('checking', entries)), addDays(businessDate(now, tz), 1));
    const account = await chooseAccount(deps, request, accountDigits(checked.accountNo));
    if (!reachesAll(await companyScope(deps, actor.session), account.compIds)) {
      throw new Forbidden('You may import only the statements of accounts whose companies are all yours');
    }
    const hash = await fileHash(file.path);
    const earlier = await lines.statementByHash(deps.db, account.baccId, hash);
    if (earlier) return answerOf(earlier, true);
    try {
      progress('writing', 0, checked.lines);
      return await write(deps, actor, { file, format, head, mapping: mappingOf(account), account, checked, hash, now, progress });
    } catch (error) {
      // The same file, uploaded at the same moment, committed first.
      const twin = violationOf(error)?.kind === 'unique' ? await lines.statementByHash(deps.db, account.baccId, hash) : undefined;
      if (twin) return answerOf(twin, true);
      throw error;
    }
  } catch (error) {
    if (error instanceof StatementRefusal) {
      await recordAudit(deps.db, deps.clock, actor.audit, audit('failure', { baccId: request.baccId ?? null, line: error.lineNo, reason: error.reason }));
      throw refused(error);
    }
    throw error;
  }
}

interface Prepared {
  file: UploadedFile;
  format: StatementFormat;
  head: string;
  mapping: ReturnType<typeof mappingOf>;
  account: AccountScope;
  checked: CheckedStatement;
  hash: string;
  now: Date;
  progress: ProgressSink;
}

async function write(deps: AppDeps, actor: Actor, p: Prepared): Promise<StatementImportResult> {
  const tz = deps.config.businessTz;
  const nowIso = iso(p.now);
  const { account, checked } = p;
  const cover = checked.fromDay && checked.toDay ? { start: dayStartUtc(checked.fromDay, tz).toISOString(), end: dayEndUtc(checked.toDay, tz).toISOString() } : null;
  return deps.db.transaction().execute(async (tx) => {
    const stmtId = await lines.insertStatement(tx, {
      stmtBaccId: account.baccId, stmtFormat: p.format, stmtVariant: checked.variant, stmtFileName: p.file.fileName?.slice(0, 255) ?? null, stmtFileHash: p.hash, stmtReference: checked.reference,
      stmtFromDay: checked.fromDay, stmtToDay: checked.toDay, stmtFromAt: cover?.start ?? null, stmtToAt: cover?.end ?? null,
      stmtLines: 0, stmtSkippedLines: 0, stmtCredits: 0, stmtMatched: 0, stmtBalanceChecked: checked.balanceChecked ? 1 : 0, stmtResult: '{}',
      stmtCreatedTime: nowIso, stmtCreatedUserId: actor.session.userId, stmtCreatedUsername: actor.session.username,
    });
    const ctx: MatchContext = { nowIso, stmtId, userId: null, username: null };
    const tally = { lines: 0, skipped: 0, credits: 0, matched: 0 };
    await writeLines(statementEvents(p.file.path, p.format, p.head, p.mapping), { stmtId, baccId: account.baccId, timeZone: tz }, async (rows) => {
      const inserted = new Map((await lines.insertLines(tx, rows)).map((r) => [r.stlnFingerprint, r.stlnId]));
      tally.lines += inserted.size;
      tally.skipped += rows.length - inserted.size;
      const credits = rows
        .filter((r) => r.stlnDirection === 'C' && inserted.has(r.stlnFingerprint))
        .map((r) => ({ ...r, stlnId: inserted.get(r.stlnFingerprint)!, stlnReference: r.stlnReference ?? null }));
      tally.credits += credits.length;
      tally.matched += (await matchCreditLines(tx, account, credits, ctx)).matched;
      p.progress('writing', tally.lines + tally.skipped);
    });
    p.progress('matching', tally.lines + tally.skipped);
    for (let after = 0; ; ) {
      const rest = await lines.unsettledCredits(tx, stmtId, after, LINE_BATCH);
      tally.matched += await settleUnidentified(tx, account, rest, ctx);
      if (rest.length < LINE_BATCH) break;
      after = rest.at(-1)!.stlnId;
    }
    if (cover) await flagMissingAtBank(tx, account, cover.start, cover.end, ctx);

    const late = lateBefore(p.now, tz, deps.config.reconExpectedDays);
    const counts = Object.fromEntries(BREAK_CATEGORIES.map((c) => [c, 0])) as Record<BreakCategory, number>;
    let expected = 0;
    for (const b of await breaks.breaksOfStatement(tx, stmtId)) {
      if (b.rbrkCategory === 'missing_at_bank' && b.rbrkAt >= late) expected++;
      else counts[b.rbrkCategory as BreakCategory]++;
    }
    const result: StatementImportResult = {
      stmtId, alreadyImported: false, format: p.format, baccId: account.baccId, lines: tally.lines, skippedLines: tally.skipped, pendingLines: checked.pending,
      credits: tally.credits, matched: tally.matched, balanceChecked: checked.balanceChecked, breaks: counts, expected,
    };
    await lines.finishStatement(tx, stmtId, { stmtLines: tally.lines, stmtSkippedLines: tally.skipped, stmtCredits: tally.credits, stmtMatched: tally.matched, stmtResult: JSON.stringify(result) });
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.recon.statementImported,
      target: { type: 'recon_statement', id: stmtId },
      details: { format: p.format, file: p.file.fileName, baccId: account.baccId, lines: tally.lines, skippedLines: tally.skipped, credits: tally.credits, matched: tally.matched, breaks: counts, expected },
    });
    return result;
  });
}

