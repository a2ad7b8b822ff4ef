/** SQL of matches, breaks and their history (the writes; the queue's reads are in queue-repo.ts). */
import type { DbOrTx, NewRow, Row } from '../../db/tables.ts';

export type NewMatch = Omit<NewRow<'recon_matches'>, 'rmatId'>;
export type NewBreakEvent = Omit<NewRow<'recon_break_events'>, 'rbevId'>;

/** The matches inserted (a transaction matched meanwhile by another line is left out). */
export async function insertMatches(db: DbOrTx, rows: readonly NewMatch[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('recon_matches')
    .values([...rows])
    .onConflict((oc) => oc.column('rmatTrctId').doNothing())
    .returning('rmatTrctId')
    .execute();
  return inserted.map((r) => r.rmatTrctId);
}

export async function deleteMatch(db: DbOrTx, lineId: number, trctId: number): Promise<void> {
  await db
    .deleteFrom('recon_matches')
    .where('rmatLineId', '=', lineId)
    .where('rmatTrctId', '=', trctId)
    .execute();
}

export async function matchesOfLine(db: DbOrTx, lineId: number) {
  return db
    .selectFrom('recon_matches')
    .select(['rmatTrctId', 'rmatRule'])
    .where('rmatLineId', '=', lineId)
    .execute();
}

export async function matchOfTransaction(db: DbOrTx, trctId: number) {
  return db
    .selectFrom('recon_matches')
    .select(['rmatLineId', 'rmatRule'])
    .where('rmatTrctId', '=', trctId)
    .executeTakeFirst();
}

export interface BreakFacts {
  rbrkBaccId: number;
  rbrkStmtId: number | null;
  rbrkLineId: number | null;
  rbrkTrctId: number | null;
  rbrkCompId: number | null;
  rbrkCategory: string;
  rbrkAt: string;
  rbrkCandidateTrctId: number | null;
  rbrkDifferences: string;
}

export async function breakOfLine(db: DbOrTx, lineId: number) {
  return db
    .selectFrom('recon_breaks')
    .selectAll()
    .where('rbrkLineId', '=', lineId)
    .executeTakeFirst();
}

export async function breakOfTransaction(db: DbOrTx, trctId: number) {
  return db
    .selectFrom('recon_breaks')
    .selectAll()
    .where('rbrkTrctId', '=', trctId)
    .where('rbrkLineId', 'is', null)
    .executeTakeFirst();
}

export async function breakById(db: DbOrTx, rbrkId: number) {
  return db.selectFrom('recon_breaks').selectAll().where('rbrkId', '=', rbrkId).executeTakeFirst();
}

export type BreakRecord = NonNullable<Awaited<ReturnType<typeof breakById>>>;

export async function insertBreak(db: DbOrTx, facts: BreakFacts, nowIso: string): Promise<number> {
  const row = await db
    .insertInto('recon_breaks')
    .values({
      ...facts,
      rbrkStatus: 'open',
      rbrkResolution: null,
      rbrkReason: null,
      rbrkResolvedTime: null,
      rbrkResolvedUserId: null,
      rbrkResolvedUsername: null,
      rbrkCreatedTime: nowIso,
      rbrkUpdatedTime: nowIso,
    })
    .returning('rbrkId')
    .executeTakeFirstOrThrow();
  return row.rbrkId;
}

/** What a new look at an open break found (its category, transaction, nearest candidate may change). */
export async function updateOpenBreak(
  db: DbOrTx,
  rbrkId: number,
  facts: Partial<BreakFacts>,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('recon_breaks')
    .set({ ...facts, rbrkUpdatedTime: nowIso })
    .where('rbrkId', '=', rbrkId)
    .where('rbrkStatus', '=', 'open')
    .execute();
}

export interface Resolution {
  resolution: string | null;
  reason: string | null;
  userId: string | null;
  username: string | null;
  nowIso: string;
}

/** open -> resolved (or back, with resolution null); false when it was not in the state `from`. */
export async function setBreakStatus(
  db: DbOrTx,
  rbrkId: number,
  from: 'open' | 'resolved',
  r: Resolution,
): Promise<boolean> {
  const to = from === 'open' ? 'resolved' : 'open';
  const result = await db
    .updateTable('recon_breaks')
    .set({
      rbrkStatus: to,
      rbrkResolution: r.resolution,
      rbrkReason: r.reason,
      rbrkResolvedTime: to === 'resolved' ? r.nowIso : null,
      rbrkResolvedUserId: to === 'resolved' ? r.userId : null,
      rbrkResolvedUsername: to === 'resolved' ? r.username : null,
      rbrkUpdatedTime: r.nowIso,
    })
    .where('rbrkId', '=', rbrkId)
    .where('rbrkStatus', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The open breaks a match settles: the lines' own, and the transactions' missing-at-bank ones. */
export async function openBreaksSettledBy(
  db: DbOrTx,
  lineIds: readonly number[],
  trctIds: readonly number[],
) {
  if (lineIds.length === 0 && trctIds.length === 0) return [];
  return db
    .selectFrom('recon_breaks')
    .select(['rbrkId', 'rbrkLineId', 'rbrkTrctId', 'rbrkCategory'])
    .where('rbrkStatus', '=', 'open')
    .where((eb) =>
      eb.or([
        ...(lineIds.length ? [eb('rbrkLineId', 'in', [...lineIds])] : []),
        ...(trctIds.length
          ? [eb.and([eb('rbrkTrctId', 'in', [...trctIds]), eb('rbrkLineId', 'is', null)])]
          : []),
      ]),
    )
    .execute();
}

/** Open breaks of transactions (no line) that the statement's lines have matched. */
export async function openTransactionBreaksMatchedBy(db: DbOrTx, stmtId: number) {
  return db
    .selectFrom('recon_breaks')
    .select(['rbrkId', 'rbrkLineId', 'rbrkTrctId', 'rbrkCategory'])
    .where('rbrkStatus', '=', 'open')
    .where('rbrkLineId', 'is', null)
    .where('rbrkTrctId', 'in', (eb) =>
      eb
        .selectFrom('recon_matches as m')
        .innerJoin('recon_lines as l', 'l.stlnId', 'm.rmatLineId')
        .select('m.rmatTrctId')
        .where('l.stlnStmtId', '=', stmtId),
    )
    .execute();
}

export async function insertEvents(db: DbOrTx, rows: readonly NewBreakEvent[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('recon_break_events')
      .values([...rows])
      .execute();
}

export async function eventsOf(db: DbOrTx, rbrkId: number) {
  return db
    .selectFrom('recon_break_events')
    .selectAll()
    .where('rbevBreakId', '=', rbrkId)
    .orderBy('rbevId')
    .execute();
}

export type BreakEvent = Row<'recon_break_events'>;

/** The break's latest event (what gave it its present state, unless matching came after). */
export async function lastEventOf(db: DbOrTx, rbrkId: number): Promise<BreakEvent | undefined> {
  return db
    .selectFrom('recon_break_events')
    .selectAll()
    .where('rbevBreakId', '=', rbrkId)
    .orderBy('rbevId', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Open line breaks of these accounts that name the transaction or whose line mentions one of its identifiers. */
export async function lineBreaksMentioning(
  db: DbOrTx,
  baccIds: readonly number[],
  trctId: number,
  identifiers: readonly string[],
) {
  if (baccIds.length === 0) return [];
  return (
    db
      .selectFrom('recon_breaks as b')
      .innerJoin('recon_lines as l', 'l.stlnId', 'b.rbrkLineId')
      .select(['b.rbrkId', 'l.stlnId', 'l.stlnBaccId'])
      .where('b.rbrkBaccId', 'in', [...baccIds])
      .where('b.rbrkStatus', '=', 'open')
      // A statement still importing is not the account's yet (import-cleanup.ts may take it back).
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('recon_statements as s')
              .select('s.stmtId')
              .whereRef('s.stmtId', '=', 'l.stlnStmtId')
              .where('s.stmtState', '=', 'importing'),
          ),
        ),
      )
      .where((eb) =>
        eb.or([
          eb('b.rbrkTrctId', '=', trctId),
          eb('b.rbrkCandidateTrctId', '=', trctId),
          // A wildcard in an identifier only widens the look: the matching rules decide.
          ...identifiers.flatMap((id) => [
            eb('l.stlnNarrative', 'like', `%${id}%`),
            eb('l.stlnReference', 'like', `%${id}%`),
          ]),
        ]),
      )
      .execute()
  );
}

/** Breaks an import found, by category and whether the paid transaction's day is still expected. */
export async function breaksOfStatement(db: DbOrTx, stmtId: number) {
  return db
    .selectFrom('recon_breaks')
    .select(['rbrkCategory', 'rbrkAt', 'rbrkStatus'])
    .where('rbrkStmtId', '=', stmtId)
    .where('rbrkStatus', '=', 'open')
    .execute();
}

/** Whether a line's break (open or resolved) names the transaction: it then shows both sides already. */
export async function namedByLineBreak(db: DbOrTx, trctId: number): Promise<boolean> {
  const row = await db
    .selectFrom('recon_breaks')
    .select('rbrkId')
    .where('rbrkTrctId', '=', trctId)
    .where('rbrkLineId', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The other breaks a link of (line, transaction) settled: the line's own and the transaction's missing-at-bank one, resolved 'matched'. */
export async function settledTogether(
  db: DbOrTx,
  lineId: number,
  trctId: number,
  except: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('recon_breaks')
    .select('rbrkId')
    .where('rbrkStatus', '=', 'resolved')
    .where('rbrkResolution', '=', 'matched')
    .where('rbrkId', '<>', except)
    .where((eb) =>
      eb.or([
        eb('rbrkLineId', '=', lineId),
        eb.and([eb('rbrkTrctId', '=', trctId), eb('rbrkLineId', 'is', null)]),
      ]),
    )
    .execute();
  return rows.map((r) => r.rbrkId);
}
