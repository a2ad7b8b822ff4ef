/** SQL of the Notifications screen: the company's notifications and one notification's history. */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { NOTI_STATUS, notificationResource } from '@tagih/contract';
import {
  applyFilters,
  applyOrder,
  applyOrderAndBatch,
  countRows,
  fieldsOfQuery,
  type PageBatch,
} from '../../db/list-sql.ts';
import type { Database } from '../../db/tables.ts';
import type { UtcRange } from '../../shared/date-range.ts';
import type { NotificationListRequest } from './list-request.ts';
import { rollupCount, walkNotificationIds } from './totals-repo.ts';
import { givenUp } from './work-queue-repo.ts';

/** The columns that come from the transaction (and its VA detail) rather than the notification. */
const TRANSACTION_FIELDS = new Set(['trctVirtualAccountNo', 'trctType']);

function rows(db: Kysely<Database>, compId: number, range: UtcRange) {
  let q = db
    .selectFrom('notifications as n')
    .innerJoin('transactions as t', 't.trctId', 'n.notiTrctId')
    .leftJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
    .where('n.notiCompId', '=', compId);
  if (range.start) q = q.where('n.notiCreatedTime', '>=', range.start);
  if (range.end) q = q.where('n.notiCreatedTime', '<', range.end);
  return q.select((eb) => [
    'n.notiId',
    'n.notiTrctId',
    'n.notiOrderId',
    eb.fn.coalesce('t.trctVirtualAccountNo', 'v.trvaVirtualAccountNo').as('trctVirtualAccountNo'),
    't.trctType',
    'n.notiStatus',
    'n.notiCreatedTime',
    'n.notiAttempts',
    'n.notiNextAttemptAt',
    'n.notiLastHttpStatus',
    'n.notiLastError',
  ]);
}

/**
 * The notification's own columns only: every notification has its transaction (notiTrctId is a
 * NOT NULL foreign key) and at most one VA detail, so without the joins the rows are the same.
 */
function ownRows(db: Kysely<Database>, compId: number, range: UtcRange, idWalk = false) {
  // `idWalk` (SQLite): read the company's notifications in id order (totals-repo.ts, walkNotificationIds).
  const from = (
    idWalk
      ? sql`"notifications" as "n" indexed by "notifications_id_order_idx"`
      : 'notifications as n'
  ) as 'notifications as n';
  let q = db.selectFrom(from).where('n.notiCompId', '=', compId);
  if (range.start) q = q.where('n.notiCreatedTime', '>=', range.start);
  if (range.end) q = q.where('n.notiCreatedTime', '<', range.end);
  return q.select([
    'n.notiId',
    'n.notiTrctId',
    'n.notiOrderId',
    'n.notiStatus',
    'n.notiCreatedTime',
    'n.notiAttempts',
    'n.notiNextAttemptAt',
    'n.notiLastHttpStatus',
    'n.notiLastError',
  ]);
}

export type NotificationDbRow = Awaited<
  ReturnType<ReturnType<typeof rows>['executeTakeFirstOrThrow']>
>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- derived table with the resource's fields
type Filtered = SelectQueryBuilder<any, 'r', object>;

/** Which columns the rows carry and how SQLite reads them. */
export interface NotificationRowsRead {
  /** Only the notification's own columns (the query must read no other). */
  own?: boolean;
  /** SQLite: walk the company's notifications in id order (totals-repo.ts, walkNotificationIds); with `own` only. */
  idWalk?: boolean;
}

/** The company's notifications with the list query's filters and work queue (not ordered or paged). */
export function filteredNotifications(
  db: Kysely<Database>,
  request: NotificationListRequest,
  read: NotificationRowsRead = {},
): Filtered {
  const { compId, range, query, timeZone } = request;
  const source = (read.own
    ? ownRows(db, compId, range, read.idWalk)
    : rows(db, compId, range)) as unknown as ReturnType<typeof ownRows>;
  const queued = query.attention ? source.where(givenUp()) : source;
  return applyFilters(
    db.selectFrom(queued.as('r')) as unknown as Filtered,
    query,
    notificationResource,
    { timeZone, tieBreaker: 'notiId' },
  );
}

/** The transactions behind the matching notifications (every page), of the given kinds, as a subquery of `trctId`. */
export function matchingTransactionIds(
  db: Kysely<Database>,
  request: NotificationListRequest,
  types: readonly string[],
) {
  return filteredNotifications(db, request)
    .where(sql.ref('trctType'), 'in', [...types])
    .select(sql<number>`${sql.ref('notiTrctId')}`.as('trctId'));
}

/** How many notifications a list request matches, counted from the rows. */
export function countMatching(
  db: Kysely<Database>,
  request: NotificationListRequest,
): Promise<number> {
  return countRows(filteredNotifications(db, request));
}

/** Notifications of the company created within `range`, and how many of them were delivered. */
export async function deliveryCounts(
  db: Kysely<Database>,
  compId: number,
  range: UtcRange,
): Promise<{ total: number; delivered: number }> {
  let q = db.selectFrom('notifications').where('notiCompId', '=', compId);
  if (range.start) q = q.where('notiCreatedTime', '>=', range.start);
  if (range.end) q = q.where('notiCreatedTime', '<', range.end);
  const row = await q
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when ${sql.ref('notiStatus')} = ${NOTI_STATUS.DELIVERED} then 1 else 0 end), 0)`.as(
        'delivered',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), delivered: Number(row.delivered) };
}

/** The count, and how the page's rows are read, whole or in batches; the count comes from the notification rollup when it can answer. */
export async function listPlan(db: Kysely<Database>, request: NotificationListRequest) {
  const { compId, range, query, timeZone } = request;
  const options = { timeZone, tieBreaker: 'notiId' };
  const own = ![...fieldsOfQuery(query)].some((f) => TRANSACTION_FIELDS.has(f));
  // The count from the notification rollup when it can answer (totals-repo.ts, a few index reads), which also
  // tells SQLite whether to choose the page by walking the id order; else counted from the rows.
  const counted = await rollupCount(db, request);
  const idWalk = own && counted !== null && (await walkNotificationIds(db, request, counted));
  const filtered = filteredNotifications(db, request, { own, idWalk });
  /** The page's rows (`batch` null) or one batch of them. */
  const read = (batch: PageBatch | null): Promise<NotificationDbRow[]> => {
    const rowsOf = own
      ? applyOrder(
          db
            .selectFrom(
              rows(db, compId, range)
                .where(
                  'n.notiId',
                  'in',
                  applyOrderAndBatch(
                    filtered.select(sql<number>`${sql.ref('notiId')}`.as('notiId')),
                    query,
                    options,
                    batch,
                  ),
                )
                .as('r'),
            )
            .selectAll() as unknown as Filtered,
          query,
          options,
        )
      : applyOrderAndBatch(filtered.selectAll(), query, options, batch);
    return rowsOf.execute() as Promise<NotificationDbRow[]>;
  };
  return { count: () => (counted === null ? countRows(filtered) : Promise.resolve(counted)), read };
}

/**
 * Count and page. When the query reads only the notification's own columns (the screen's
 * filters do), both run on the notifications alone and only the page's rows are joined.
 */
export async function listPage(db: Kysely<Database>, request: NotificationListRequest) {
  const plan = await listPlan(db, request);
  const [total, page] = await Promise.all([plan.count(), plan.read(null)]);
  return { total, page };
}

/** A notification id as a probe names it: its company, whoever asks (a probe for another company's id is recorded). */
export function probedNotification(db: Kysely<Database>, notiId: number) {
  return {
    type: 'notification',
    id: notiId,
    ownerCompId: async () =>
      (
        await db
          .selectFrom('notifications')
          .select('notiCompId')
          .where('notiId', '=', notiId)
          .executeTakeFirst()
      )?.notiCompId,
  };
}

export function findOne(
  db: Kysely<Database>,
  compId: number,
  notiId: number,
): Promise<NotificationDbRow | undefined> {
  return rows(db, compId, { start: null, end: null })
    .where('n.notiId', '=', notiId)
    .executeTakeFirst();
}

export function history(db: Kysely<Database>, notiId: number) {
  return db
    .selectFrom('notification_history')
    .select(['nohiId', 'nohiNotiId', 'nohiRequest', 'nohiResponse', 'nohiCreatedTime'])
    .where('nohiNotiId', '=', notiId)
    .orderBy('nohiId')
    .execute();
}
