/** SQL of imported statements and their lines. */
import { sql } from 'kysely';
import type { DbOrTx, NewRow } from '../../db/tables.ts';

export type NewLine = Omit<NewRow<'recon_lines'>, 'stlnId'>;

export interface InsertedLine {
  stlnId: number;
  stlnFingerprint: string;
}

/** Inserts lines; one whose fingerprint the account already has is skipped (also when another import inserts it meanwhile). */
export async function insertLines(db: DbOrTx, rows: readonly NewLine[]): Promise<InsertedLine[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('recon_lines')
    .values([...rows])
    .onConflict((oc) => oc.columns(['stlnBaccId', 'stlnFingerprint']).doNothing())
    .returning(['stlnId', 'stlnFingerprint'])
    .execute();
}

export async function statementByHash(db: DbOrTx, baccId: number, hash: string) {
  return db
    .selectFrom('recon_statements')
    .selectAll()
    .where('stmtBaccId', '=', baccId)
    .where('stmtFileHash', '=', hash)
    .executeTakeFirst();
}

export async function insertStatement(
  db: DbOrTx,
  row: Omit<NewRow<'recon_statements'>, 'stmtId'>,
): Promise<number> {
  return (
    await db
      .insertInto('recon_statements')
      .values(row)
      .returning('stmtId')
      .executeTakeFirstOrThrow()
  ).stmtId;
}

/** The import's last write: its counts and answer, and the statement becomes the account's (complete). */
export async function finishStatement(
  db: DbOrTx,
  stmtId: number,
  values: {
    stmtLines: number;
    stmtSkippedLines: number;
    stmtCredits: number;
    stmtMatched: number;
    stmtResult: string;
  },
): Promise<void> {
  await db
    .updateTable('recon_statements')
    .set({ ...values, stmtState: 'complete', stmtLeaseUntil: null })
    .where('stmtId', '=', stmtId)
    .execute();
}

/** An importing statement's server still answers for it until `until`. */
export async function renewStatementLease(
  db: DbOrTx,
  stmtId: number,
  until: string,
): Promise<void> {
  await db
    .updateTable('recon_statements')
    .set({ stmtLeaseUntil: until })
    .where('stmtId', '=', stmtId)
    .where('stmtState', '=', 'importing')
    .execute();
}

/** The statement's credit lines no rule matched and no break names yet, after `afterId`, in id order. */
export async function unsettledCredits(db: DbOrTx, stmtId: number, afterId: number, limit: number) {
  return db
    .selectFrom('recon_lines as l')
    .select([
      'l.stlnId',
      'l.stlnBaccId',
      'l.stlnDay',
      'l.stlnDayStart',
      'l.stlnDayEnd',
      'l.stlnAmountMinor',
      'l.stlnNarrative',
      'l.stlnReference',
    ])
    .where('l.stlnStmtId', '=', stmtId)
    .where('l.stlnDirection', '=', 'C')
    .where('l.stlnMatchRule', 'is', null)
    .where('l.stlnId', '>', afterId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('recon_breaks').select('rbrkId').whereRef('rbrkLineId', '=', 'l.stlnId')),
      ),
    )
    .orderBy('l.stlnId')
    .limit(limit)
    .execute();
}

export type LineRow = Awaited<ReturnType<typeof unsettledCredits>>[number];

export async function linesByIds(db: DbOrTx, ids: readonly number[]): Promise<LineRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('recon_lines as l')
    .select([
      'l.stlnId',
      'l.stlnBaccId',
      'l.stlnDay',
      'l.stlnDayStart',
      'l.stlnDayEnd',
      'l.stlnAmountMinor',
      'l.stlnNarrative',
      'l.stlnReference',
    ])
    .where('l.stlnId', 'in', ids)
    .orderBy('l.stlnId')
    .execute();
}

export async function setLineRule(
  db: DbOrTx,
  stlnIds: readonly number[],
  rule: string | null,
): Promise<void> {
  if (stlnIds.length === 0) return;
  await db
    .updateTable('recon_lines')
    .set({ stlnMatchRule: rule })
    .where('stlnId', 'in', stlnIds)
    .execute();
}

/** The days the account's statements cover that hold `at` (an instant): whether a payment then should be on one. */
export async function coveredAt(db: DbOrTx, baccId: number, at: string): Promise<number | null> {
  const row = await db
    .selectFrom('recon_statements')
    .select('stmtId')
    .where('stmtBaccId', '=', baccId)
    .where('stmtFromAt', '<=', at)
    .where('stmtToAt', '>', at)
    .orderBy('stmtId')
    .limit(1)
    .executeTakeFirst();
  return row?.stmtId ?? null;
}

export async function statementPage(
  db: DbOrTx,
  filter: { baccIds: readonly number[] | null; baccId: number | null },
  page: number,
  max: number,
) {
  let q = db
    .selectFrom('recon_statements as s')
    .innerJoin('bank_accounts as a', 'a.baccId', 's.stmtBaccId');
  if (filter.baccIds)
    q = q.where('s.stmtBaccId', 'in', filter.baccIds.length ? [...filter.baccIds] : [0]);
  if (filter.baccId !== null) q = q.where('s.stmtBaccId', '=', filter.baccId);
  // An import still running is not listed until it completes (or fails).
  q = q.where('s.stmtState', '!=', 'importing');
  const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .select([
      's.stmtId',
      's.stmtBaccId',
      'a.baccBank',
      'a.baccAccountNo',
      'a.baccName',
      's.stmtFormat',
      's.stmtVariant',
      's.stmtFileName',
      's.stmtReference',
      's.stmtFromDay',
      's.stmtToDay',
      's.stmtLines',
      's.stmtSkippedLines',
      's.stmtCredits',
      's.stmtMatched',
      's.stmtBalanceChecked',
      's.stmtCreatedTime',
      's.stmtCreatedUsername',
      's.stmtState',
      's.stmtFailure',
      (eb) =>
        eb
          .selectFrom('recon_breaks as b')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('b.rbrkStmtId', '=', 's.stmtId')
          .where('b.rbrkStatus', '=', 'open')
          .as('openBreaks'),
    ])
    .orderBy('s.stmtId', 'desc')
    .limit(max)
    .offset((page - 1) * max)
    .execute();
  return { total, rows };
}

/** Open breaks of each statement by category (a missing-at-bank one paid at or after `lateBefore` reads as expected). */
export async function openBreaksByStatement(
  db: DbOrTx,
  stmtIds: readonly number[],
  lateBefore: string,
) {
  if (stmtIds.length === 0) return [];
  const category = sql<string>`case when ${sql.ref('rbrkCategory')} = 'missing_at_bank' and ${sql.ref('rbrkAt')} >= ${lateBefore} then 'expected' else ${sql.ref('rbrkCategory')} end`;
  const rows = await db
    .selectFrom('recon_breaks')
    .select([
      sql<number>`${sql.ref('rbrkStmtId')}`.as('stmtId'),
      category.as('category'),
      sql<number>`count(*)`.as('n'),
    ])
    .where('rbrkStmtId', 'in', [...stmtIds])
    .where('rbrkStatus', '=', 'open')
    // By position: PostgreSQL does not see the select's case (its own parameter) in a repeated one.
    .groupBy([sql`1`, sql`2`])
    .execute();
  return rows.map((r) => ({
    stmtId: Number(r.stmtId),
    category: String(r.category),
    n: Number(r.n),
  }));
}
