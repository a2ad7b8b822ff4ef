/**
 * The Notifications list's row count without counting the range: `notification_rollup`
 * (migration 0014) holds the notifications per (company, UTC hour of creation, status), kept by
 * triggers in the same statement as every write of a notification, so summing the hours of the
 * range gives exactly what counting its rows gives.
 *
 * It answers when the range starts and ends on whole UTC hours (any business day of a zone with a
 * whole-hour offset, such as Asia/Jakarta) and the only filters are on the status (a group's
 * status is each of its rows' status, so any operator gives the same rows). Anything else (a
 * search, another field, the work queue, a half-hour zone) is counted from the rows.
 *
 * Each group is spread over 32 stripes (the notification's id % 32, migration 0040), so that the
 * payments of one company and hour do not all write one row; every read here sums them.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { notificationResource } from '@tagih/contract';
import { applyFilters } from '../../db/list-sql.ts';
import { isPostgres, type Database } from '../../db/tables.ts';
import type { UtcRange } from '../../shared/date-range.ts';
import type { NotificationListQuery, NotificationListRequest } from './list-request.ts';

const ROLLUP_COLUMNS: Record<string, string> = { notiStatus: 'nrlpStatus' };
/** An instant on a whole UTC hour, as parseDateRange writes it. */
const WHOLE_HOUR = /^(\d{4}-\d{2}-\d{2}T\d{2}):00:00\.000Z$/;

/** The UTC hour key (YYYY-MM-DDTHH) of a bound, null when there is none, undefined when it is not on a whole hour. */
function hourOf(bound: string | null): string | null | undefined {
  if (bound === null) return null;
  return WHOLE_HOUR.exec(bound)?.[1];
}

/** The rows the list matches, from the rollup; null when the rollup cannot answer (then count the rows). */
export async function rollupCount(
  db: Kysely<Database>,
  { compId, range, query, timeZone }: NotificationListRequest,
): Promise<number | null> {
  if (query.search || query.attention || !query.filters.every((f) => f.field in ROLLUP_COLUMNS))
    return null;
  const start = hourOf(range.start);
  const end = hourOf(range.end);
  if (start === undefined || end === undefined) return null;
  let q = db.selectFrom('notification_rollup').where('nrlpCompId', '=', compId);
  if (start !== null) q = q.where('nrlpHour', '>=', start);
  if (end !== null) q = q.where('nrlpHour', '<', end);
  q = applyFilters(q, query, notificationResource, {
    columns: ROLLUP_COLUMNS,
    timeZone,
    tieBreaker: 'nrlpHour',
  });
  const row = await q
    .select(sql<number>`coalesce(sum(${sql.ref('nrlpCount')}), 0)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether SQLite should choose the page by walking `notifications_id_order_idx` (company, id
 * descending, …) instead of reading the created-time range and sorting it: its planner takes the
 * range whenever one is given, which costs as much as the whole range for ten rows. The walk
 * reads about (offset + max) × all / matching entries plus the newer rows it crosses first, so it
 * is taken, as for transactions (transactions/list/page-plan.ts), when that is at most half the range;
 * the counts come from the rollup. PostgreSQL plans this itself.
 */
export async function walkNotificationIds(
  db: Kysely<Database>,
  request: NotificationListRequest,
  matching: number,
): Promise<boolean> {
  const { range, query } = request;
  if (isPostgres(db) || query.order.field !== 'notiId' || matching === 0) return false;
  const desc = query.order.direction === 'desc';
  const everything: NotificationListQuery = { ...query, filters: [], search: null };
  const beyond: UtcRange | null = desc
    ? range.end
      ? { start: range.end, end: null }
      : null
    : range.start
      ? { start: null, end: range.start }
      : null;
  const [all, crossed] = await Promise.all([
    rollupCount(db, { ...request, range: { start: null, end: null }, query: everything }),
    beyond ? rollupCount(db, { ...request, range: beyond, query: everything }) : Promise.resolve(0),
  ]);
  if (all === null || crossed === null) return false;
  const need = query.page * query.max;
  return Math.max((need * all) / matching, crossed + need) * 2 <= matching;
}

/** The hour key of `notiCreatedTime` in SQL, as the migration's triggers compute it. */
function hourKey(db: Kysely<Database>) {
  return isPostgres(db)
    ? sql<string>`to_char(${sql.ref('notiCreatedTime')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`
    : sql<string>`substr(${sql.ref('notiCreatedTime')}, 1, 13)`;
}

export interface NotificationRollupDifference {
  /** company|hour|status */
  key: string;
  stored: number;
  expected: number;
}

/** Compares the stored notification rollup with a recount of the rows; differences [] when exact. */
export async function verifyNotificationRollup(
  db: Kysely<Database>,
): Promise<{ groups: number; differences: NotificationRollupDifference[] }> {
  return db.transaction().execute(async (tx) => {
    const expected = new Map<string, number>();
    const counted = await tx
      .selectFrom('notifications')
      .select([
        sql<number>`${sql.ref('notiCompId')}`.as('comp'),
        hourKey(db).as('hour'),
        sql<number>`${sql.ref('notiStatus')}`.as('status'),
        sql<number>`count(*)`.as('n'),
      ])
      .groupBy([sql`1`, sql`2`, sql`3`])
      .execute();
    for (const r of counted) expected.set(`${r.comp}|${r.hour}|${r.status}`, Number(r.n));
    const stored = new Map<string, number>();
    for (const r of await tx.selectFrom('notification_rollup').selectAll().execute()) {
      const key = `${r.nrlpCompId}|${r.nrlpHour}|${r.nrlpStatus}`;
      stored.set(key, (stored.get(key) ?? 0) + Number(r.nrlpCount));
    }
    for (const [key, n] of stored) if (n === 0) stored.delete(key);
    const differences: NotificationRollupDifference[] = [];
    for (const key of new Set([...stored.keys(), ...expected.keys()])) {
      const s = stored.get(key) ?? 0;
      const e = expected.get(key) ?? 0;
      if (s !== e) differences.push({ key, stored: s, expected: e });
    }
    return {
      groups: expected.size,
      differences: differences.sort((a, b) => (a.key < b.key ? -1 : 1)),
    };
  });
}

/** What decides a new notification's rollup group. */
export interface NotificationFacts {
  notiCompId: number;
  /** As stored: ISO text on SQLite (the hour is its first 13 characters, as the triggers take it). */
  notiCreatedTime: string;
  notiStatus: number;
}

/**
 * Runs `write`, a bulk insert of the notifications `rows` in `tx`, and keeps the rollup exact
 * with one grouped upsert for all of them. On SQLite the row triggers stand aside meanwhile
 * (about half the insert rate otherwise; bench/README.md); on PostgreSQL the statement triggers
 * already group per statement, so `write` just runs. For the bulk generator and seeds.
 */
export async function bulkNotificationRollup(
  tx: Transaction<Database>,
  rows: readonly NotificationFacts[],
  write: () => Promise<void>,
): Promise<void> {
  if (isPostgres(tx)) return write();
  await tx.insertInto('notification_rollup_bulk').values({ nrbkId: 1 }).execute();
  await write();
  await tx.deleteFrom('notification_rollup_bulk').execute();
  const groups = new Map<
    string,
    { nrlpCompId: number; nrlpHour: string; nrlpStatus: number; nrlpCount: number }
  >();
  for (const r of rows) {
    const hour = r.notiCreatedTime.slice(0, 13);
    const key = `${r.notiCompId}|${hour}|${r.notiStatus}`;
    const g = groups.get(key) ?? {
      nrlpCompId: r.notiCompId,
      nrlpHour: hour,
      nrlpStatus: r.notiStatus,
      nrlpCount: 0,
    };
    g.nrlpCount += 1;
    groups.set(key, g);
  }
  const all = [...groups.values()];
  for (let i = 0; i < all.length; i += 500) {
    await tx
      .insertInto('notification_rollup')
      .values(all.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['nrlpCompId', 'nrlpHour', 'nrlpStatus', 'nrlpStripe']).doUpdateSet({
          nrlpCount: sql`${sql.ref('notification_rollup.nrlpCount')} + ${sql.ref('excluded.nrlpCount')}`,
        }),
      )
      .execute();
  }
}
