/**
 * Taking back what an import wrote when it does not finish: its statement is `importing` while its
 * lines, their matches and their breaks are written in short transactions (statement-import.ts);
 * if the import fails, or its server dies (its lease runs out), every line, match, break and break
 * event it wrote is deleted, a few thousand lines per transaction, and the statement row becomes
 * `failed` with the reason, last. Until then nobody sees its work: the statement list, the break
 * queue and re-matching skip an importing statement (lines-repo.ts, queue-repo.ts,
 * breaks-repo.ts). The removal can stop half-way and run again: the row stays `importing` until
 * nothing of it is left.
 */
import { createHash, randomBytes } from 'node:crypto';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';

const REMOVE_BATCH = 5_000;

/** How long an import's server answers for it without renewing (it renews every batch of lines). */
export const IMPORT_LEASE_MS = 2 * 60_000;

/** The reason a statement shows when its server stopped in the middle. */
export const ABANDONED_REASON =
  'Impor terhenti sebelum selesai (server berhenti atau terputus); tidak ada baris yang disimpan. Impor ulang berkasnya.';

/** A failed row's own (random) hash: the same file may be imported again after a failure. */
export const failedHash = (): string =>
  createHash('sha256')
    .update(`failed\u0001${randomBytes(16).toString('hex')}`)
    .digest('hex');

/** Deletes everything the statement's import wrote, then marks it failed with `reason`. */
export async function takeBackImport(
  db: Kysely<Database>,
  stmtId: number,
  reason: string,
): Promise<void> {
  const row = await db
    .selectFrom('recon_statements')
    .select('stmtState')
    .where('stmtId', '=', stmtId)
    .executeTakeFirst();
  if (row?.stmtState !== 'importing') return; // complete (or taken back already): never touched here
  for (;;) {
    const ids = (
      await db
        .selectFrom('recon_lines')
        .select('stlnId')
        .where('stlnStmtId', '=', stmtId)
        .orderBy('stlnId')
        .limit(REMOVE_BATCH)
        .execute()
    ).map((r) => r.stlnId);
    if (ids.length === 0) break;
    await db.transaction().execute(async (tx) => {
      const breakIds = tx
        .selectFrom('recon_breaks')
        .select('rbrkId')
        .where('rbrkLineId', 'in', ids);
      await tx.deleteFrom('recon_break_events').where('rbevBreakId', 'in', breakIds).execute();
      await tx.deleteFrom('recon_breaks').where('rbrkLineId', 'in', ids).execute();
      await tx.deleteFrom('recon_matches').where('rmatLineId', 'in', ids).execute();
      await tx.deleteFrom('recon_lines').where('stlnId', 'in', ids).execute();
    });
  }
  await db.transaction().execute(async (tx) => {
    const own = tx.selectFrom('recon_breaks').select('rbrkId').where('rbrkStmtId', '=', stmtId);
    await tx.deleteFrom('recon_break_events').where('rbevBreakId', 'in', own).execute();
    await tx.deleteFrom('recon_breaks').where('rbrkStmtId', '=', stmtId).execute();
    await tx
      .updateTable('recon_statements')
      .set({
        stmtState: 'failed',
        stmtFailure: reason.slice(0, 1000),
        stmtLeaseUntil: null,
        stmtFileHash: failedHash(),
        stmtLines: 0,
        stmtSkippedLines: 0,
        stmtCredits: 0,
        stmtMatched: 0,
        stmtResult: '{}',
      })
      .where('stmtId', '=', stmtId)
      .where('stmtState', '=', 'importing')
      .execute();
  });
}

/** Takes back every import whose server stopped answering for it (its lease ran out); returns how many. */
export async function cleanAbandonedImports(deps: AppDeps): Promise<number> {
  const now = iso(deps.clock.now());
  const abandoned = await deps.db
    .selectFrom('recon_statements')
    .select('stmtId')
    .where('stmtState', '=', 'importing')
    .where('stmtLeaseUntil', '<', now)
    .execute();
  for (const { stmtId } of abandoned) await takeBackImport(deps.db, stmtId, ABANDONED_REASON);
  return abandoned.length;
}
