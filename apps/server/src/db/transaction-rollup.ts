/**
 * The transaction rollup: counts and paid-amount sums per (company, kind, business day, status,
 * bank), so that list totals need not count and sum the rows. It is kept exact by changing it in
 * the same database transaction as every write that creates or changes a transaction
 * (bulk-transactions.ts for the seed and the generator, addToRollup for a bill a merchant opens,
 * withRollup for status changes).
 *
 * The business day is that of BUSINESS_TZ; the time zone the rollup was built in is recorded in
 * transaction_rollup_state (null: not built, writers skip it and lists read the rows).
 * `rebuildRollup` recomputes it in one transaction; `verifyRollup` compares without writing.
 *
 * The bank and the paid amount are the kinds' list fields (kind-rows-repo.ts): VA's bank is
 * trctBank, QRIS's coalesce(trctBank, trctQrBank); the paid amount is coalesce(paid, total)
 * and, for QRIS, then the QR detail's total.
 *
 * Stripes (migration 0040): a transaction's share sits in the stripe of its id (trctId % 32), so
 * that bills of one company, day and bank write different rows and do not queue for one hot row;
 * readers sum the stripes as they sum the days. A rebuild writes stripe 0.
 */
import { businessDate } from '@tagih/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres, type Database, type DbOrTx } from './tables.ts';

export interface RollupKey {
  compId: number;
  type: string;
  day: string;
  status: string;
  bank: string;
  /** The stripe (0 to ROLLUP_STRIPES - 1); absent: 0. */
  stripe?: number;
}

/** How many rows one group is spread over. */
export const ROLLUP_STRIPES = 32;

export interface RollupGroup extends RollupKey {
  count: number;
  lunasMinor: number;
}

/** What decides a transaction's group and its share of the sums. */
export interface RollupFacts {
  /** Decides the stripe; absent: stripe 0 (bulk writers). */
  trctId?: number;
  compId: number;
  type: string;
  createdIso: string;
  status: string;
  bank: string | null;
  lunasMinor: number | null;
}

const dayCache = new Map<string, string>();

/** True when the zone's offset is whole hours (then an UTC hour lies in one business day). */
function wholeHours(timeZone: string): boolean {
  const year = new Date().getUTCFullYear();
  return [0, 6].every((month) => {
    const at = new Date(Date.UTC(year, month, 1));
    const local = new Date(at.toLocaleString('en-US', { timeZone }));
    const utc = new Date(at.toLocaleString('en-US', { timeZone: 'UTC' }));
    return (local.getTime() - utc.getTime()) % 3_600_000 === 0;
  });
}

/** The length of the UTC time prefix (hour or minute) that decides the business day. */
function prefixLength(timeZone: string): 13 | 16 {
  return wholeHours(timeZone) ? 13 : 16;
}

/** The business day (YYYY-MM-DD in `timeZone`) of an instant given as ISO text. */
export function businessDayOf(iso: string, timeZone: string): string {
  const key = `${timeZone}|${iso.slice(0, 16)}`;
  const hit = dayCache.get(key);
  if (hit !== undefined) return hit;
  const day = businessDate(new Date(`${iso.slice(0, 16)}:00.000Z`), timeZone);
  if (dayCache.size > 200_000) dayCache.clear();
  dayCache.set(key, day);
  return day;
}

const keyOf = (k: RollupKey) =>
  `${k.compId}|${k.type}|${k.day}|${k.status}|${k.bank}${k.stripe ? `|${k.stripe}` : ''}`;
/** The group's key without its stripe (verification compares groups, whatever their stripes). */
const groupKeyOf = (k: RollupKey) => keyOf({ ...k, stripe: 0 });

/** Adds groups of facts (sign +1 or -1) into `into`. */
export function addFacts(
  into: Map<string, RollupGroup>,
  facts: readonly RollupFacts[],
  timeZone: string,
  sign: 1 | -1,
): void {
  for (const f of facts) {
    const stripe = f.trctId === undefined ? 0 : f.trctId % ROLLUP_STRIPES;
    const group = {
      compId: f.compId,
      type: f.type,
      day: businessDayOf(f.createdIso, timeZone),
      status: f.status,
      bank: f.bank ?? '',
      stripe,
    };
    const key = keyOf(group);
    const g = into.get(key) ?? { ...group, count: 0, lunasMinor: 0 };
    g.count += sign;
    g.lunasMinor += sign * Number(f.lunasMinor ?? 0);
    into.set(key, g);
  }
}

/** The time zone the rollup is kept in, or null when it is not built (then it is not maintained). */
export async function rollupTimeZone(db: DbOrTx): Promise<string | null> {
  const row = await db
    .selectFrom('transaction_rollup_state')
    .select('rlstTimeZone')
    .where('rlstId', '=', 1)
    .executeTakeFirst();
  return row?.rlstTimeZone ?? null;
}

const UPSERT_ROWS = 500;

/** Adds the groups' counts and sums into the rollup (in key order: concurrent writers never deadlock). */
export async function applyGroups(db: DbOrTx, groups: Iterable<RollupGroup>): Promise<void> {
  const rows = [...groups]
    .filter((g) => g.count !== 0 || g.lunasMinor !== 0)
    .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0))
    .map((g) => ({
      rlupCompId: g.compId,
      rlupType: g.type,
      rlupDay: g.day,
      rlupStatus: g.status,
      rlupBank: g.bank,
      rlupStripe: g.stripe ?? 0,
      rlupCount: g.count,
      rlupLunasMinor: g.lunasMinor,
    }));
  for (let i = 0; i < rows.length; i += UPSERT_ROWS) {
    await db
      .insertInto('transaction_rollup')
      .values(rows.slice(i, i + UPSERT_ROWS))
      .onConflict((oc) =>
        oc
          .columns(['rlupCompId', 'rlupType', 'rlupDay', 'rlupStatus', 'rlupBank', 'rlupStripe'])
          .doUpdateSet({
            rlupCount: sql`${sql.ref('transaction_rollup.rlupCount')} + ${sql.ref('excluded.rlupCount')}`,
            rlupLunasMinor: sql`${sql.ref('transaction_rollup.rlupLunasMinor')} + ${sql.ref('excluded.rlupLunasMinor')}`,
          }),
      )
      .execute();
  }
}

/** The kind's bank field and paid amount of `transactions as t` left-joined to `transaction_qr as q`. */
const BANK = sql<
  string | null
>`case when t."trctType" = 'QRIS' then coalesce(t."trctBank", t."trctQrBank") else t."trctBank" end`;
const LUNAS = sql<
  number | null
>`case when t."trctType" = 'QRIS' then coalesce(t."trctTotalAmountPaid", t."trctTotalAmount", q."trqrTotalAmount") else coalesce(t."trctTotalAmountPaid", t."trctTotalAmount") end`;

/** The facts of some transactions as stored now; on PostgreSQL `lock` takes their row locks. */
async function factsOf(
  db: DbOrTx,
  trctIds: readonly number[],
  lock: boolean,
): Promise<RollupFacts[]> {
  if (trctIds.length === 0) return [];
  const forUpdate = lock && isPostgres(db) ? sql` for update of t` : sql``;
  const { rows } = await sql<{
    trctId: number;
    compId: number;
    type: string;
    createdIso: string;
    status: string;
    bank: string | null;
    lunasMinor: number | null;
  }>`
    select t."trctId" as "trctId", t."trctCompId" as "compId", t."trctType" as "type", t."trctCreatedTime" as "createdIso", t."trctStatus" as "status",
      ${BANK} as "bank", ${LUNAS} as "lunasMinor"
    from transactions t left join transaction_qr q on q."trqrTrctId" = t."trctId"
    where t."trctId" in (${sql.join(trctIds)}) order by t."trctId"${forUpdate}`.execute(db);
  return rows.map((r) => ({
    ...r,
    trctId: Number(r.trctId),
    compId: Number(r.compId),
    createdIso: String(r.createdIso),
  }));
}

/**
 * Runs `write` (which changes the given transactions) and moves their share of the rollup from
 * their old group to their new one, in the caller's database transaction.
 */
export async function withRollup<T>(
  tx: Transaction<Database>,
  trctIds: readonly number[],
  write: () => Promise<T>,
): Promise<T> {
  const timeZone = await rollupTimeZone(tx);
  if (timeZone === null) return write();
  const before = await factsOf(tx, trctIds, true);
  const result = await write();
  const after = await factsOf(tx, trctIds, false);
  const groups = new Map<string, RollupGroup>();
  addFacts(groups, before, timeZone, -1);
  addFacts(groups, after, timeZone, 1);
  await applyGroups(tx, groups.values());
  return result;
}

/** Adds transactions just inserted in the caller's database transaction to the rollup (their facts read back by the same SQL as a rebuild). */
export async function addToRollup(
  tx: Transaction<Database>,
  trctIds: readonly number[],
): Promise<void> {
  const timeZone = await rollupTimeZone(tx);
  if (timeZone === null) return;
  const groups = new Map<string, RollupGroup>();
  addFacts(groups, await factsOf(tx, trctIds, false), timeZone, 1);
  await applyGroups(tx, groups.values());
}

/** The rollup as it should be, recomputed from the rows (grouped by UTC hour in SQL, then by day). */
export async function computeRollup(
  db: DbOrTx,
  timeZone: string,
): Promise<Map<string, RollupGroup>> {
  const len = prefixLength(timeZone);
  const prefix = isPostgres(db)
    ? sql<string>`to_char(t."trctCreatedTime" at time zone 'UTC', ${len === 13 ? 'YYYY-MM-DD"T"HH24' : 'YYYY-MM-DD"T"HH24:MI'})`
    : sql<string>`substr(t."trctCreatedTime", 1, ${len})`;
  const { rows } = await sql<{
    compId: number;
    type: string;
    at: string;
    status: string;
    bank: string | null;
    n: number;
    lunas: number | null;
  }>`
    select t."trctCompId" as "compId", t."trctType" as "type", ${prefix} as "at", t."trctStatus" as "status", ${BANK} as "bank",
      count(*) as "n", sum(${LUNAS}) as "lunas"
    from transactions t left join transaction_qr q on q."trqrTrctId" = t."trctId"
    group by 1, 2, 3, 4, 5`.execute(db);
  const groups = new Map<string, RollupGroup>();
  for (const r of rows) {
    const at = len === 13 ? `${r.at}:00` : r.at;
    const group = {
      compId: Number(r.compId),
      type: r.type,
      day: businessDayOf(at, timeZone),
      status: r.status,
      bank: r.bank ?? '',
    };
    const key = keyOf(group);
    const g = groups.get(key) ?? { ...group, count: 0, lunasMinor: 0 };
    g.count += Number(r.n);
    g.lunasMinor += Number(r.lunas ?? 0);
    groups.set(key, g);
  }
  return groups;
}

/**
 * Inserts whole groups into an emptied rollup (a rebuild): plain inserts that name no stripe
 * (stripe 0 by default), so that migration 0009, which builds it before the stripes exist, runs
 * the same code as a rebuild today.
 */
async function insertGroups(db: DbOrTx, groups: Iterable<RollupGroup>): Promise<void> {
  const rows = [...groups]
    .filter((g) => g.count !== 0 || g.lunasMinor !== 0)
    .map((g) => ({
      rlupCompId: g.compId,
      rlupType: g.type,
      rlupDay: g.day,
      rlupStatus: g.status,
      rlupBank: g.bank,
      rlupCount: g.count,
      rlupLunasMinor: g.lunasMinor,
    }));
  for (let i = 0; i < rows.length; i += UPSERT_ROWS)
    await db
      .insertInto('transaction_rollup')
      .values(rows.slice(i, i + UPSERT_ROWS))
      .execute();
}

async function rebuildIn(tx: DbOrTx, timeZone: string): Promise<number> {
  await tx.deleteFrom('transaction_rollup').execute();
  const groups = await computeRollup(tx, timeZone);
  await insertGroups(tx, groups.values());
  await tx
    .updateTable('transaction_rollup_state')
    .set({ rlstTimeZone: timeZone })
    .where('rlstId', '=', 1)
    .execute();
  return groups.size;
}

/** Recomputes the whole rollup in `timeZone`, in one database transaction (the caller's, if given one). */
export async function rebuildRollup(db: DbOrTx, timeZone: string): Promise<number> {
  return db.isTransaction
    ? rebuildIn(db, timeZone)
    : (db as Kysely<Database>).transaction().execute((tx) => rebuildIn(tx, timeZone));
}

/** Builds the rollup when it is missing or kept in another time zone (BUSINESS_TZ changed). */
export async function ensureRollup(db: Kysely<Database>, timeZone: string): Promise<boolean> {
  if ((await rollupTimeZone(db)) === timeZone) return false;
  await rebuildRollup(db, timeZone);
  return true;
}

export interface RollupDifference {
  key: string;
  stored: { count: number; lunasMinor: number };
  expected: { count: number; lunasMinor: number };
}

/** Compares the stored rollup with a recompute; [] when exact. */
export async function verifyRollup(
  db: Kysely<Database>,
): Promise<{ timeZone: string | null; groups: number; differences: RollupDifference[] }> {
  return db.transaction().execute(async (tx) => {
    const timeZone = await rollupTimeZone(tx);
    if (timeZone === null) return { timeZone, groups: 0, differences: [] };
    const expected = await computeRollup(tx, timeZone);
    const stored = new Map<string, RollupGroup>();
    for (const r of await tx.selectFrom('transaction_rollup').selectAll().execute()) {
      const key = groupKeyOf({
        compId: Number(r.rlupCompId),
        type: r.rlupType,
        day: r.rlupDay,
        status: r.rlupStatus,
        bank: r.rlupBank,
      });
      const g = stored.get(key) ?? {
        compId: Number(r.rlupCompId),
        type: r.rlupType,
        day: r.rlupDay,
        status: r.rlupStatus,
        bank: r.rlupBank,
        count: 0,
        lunasMinor: 0,
      };
      g.count += Number(r.rlupCount);
      g.lunasMinor += Number(r.rlupLunasMinor);
      stored.set(key, g);
    }
    for (const [key, g] of stored) if (g.count === 0 && g.lunasMinor === 0) stored.delete(key);
    const differences: RollupDifference[] = [];
    for (const key of new Set([...stored.keys(), ...expected.keys()])) {
      const s = stored.get(key) ?? { count: 0, lunasMinor: 0 };
      const e = expected.get(key) ?? { count: 0, lunasMinor: 0 };
      if (s.count !== e.count || s.lunasMinor !== e.lunasMinor) {
        differences.push({
          key,
          stored: { count: s.count, lunasMinor: s.lunasMinor },
          expected: { count: e.count, lunasMinor: e.lunasMinor },
        });
      }
    }
    return {
      timeZone,
      groups: expected.size,
      differences: differences.sort((a, b) => (a.key < b.key ? -1 : 1)),
    };
  });
}
