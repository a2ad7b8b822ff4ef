/** SQL of the Notifications screen: the company's notifications and one notification's history. */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { notificationResource, type ListQuery } from '@tagih/contract';
import { applyFilters, applyOrder, applyOrderAndPage, countRows, fieldsOfQuery } from '../../db/list-sql.ts';
import type { Database } from '../../db/tables.ts';
import type { UtcRange } from '../../shared/date-range.ts';

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
  ]);
}

/**
 * The notification's own columns only: every notification has its transaction (notiTrctId is a
 * NOT NULL foreign key) and at most one VA detail, so without the joins the rows are the same.
 */
function ownRows(db: Kysely<Database>, compId: number, range: UtcRange) {
  let q = db.selectFrom('notifications as n').where('n.notiCompId', '=', compId);
  if (range.start) q = q.where('n.notiCreatedTime', '>=', range.start);
  if (range.end) q = q.where('n.notiCreatedTime', '<', range.end);
  return q.select(['n.notiId', 'n.notiTrctId', 'n.notiOrderId', 'n.notiStatus', 'n.notiCreatedTime', 'n.notiAttempts', 'n.notiNextAttemptAt']);
}

export type NotificationDbRow = Awaited<ReturnType<ReturnType<typeof rows>['executeTakeFirstOrThrow']>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- derived table with the resource's fields
type Filtered = SelectQueryBuilder<any, 'r', object>;

/**
 * Count and page. When the query reads only the notification's own columns (the screen's
 * filters do), both run on the notifications alone and only the page's rows are joined.
 */
export async function listPage(db: Kysely<Database>, compId: number, range: UtcRange, query: ListQuery, timeZone: string) {
  const options = { timeZone, tieBreaker: 'notiId' };
  const own = ![...fieldsOfQuery(query)].some((f) => TRANSACTION_FIELDS.has(f));
  const source = own ? ownRows(db, compId, range) : rows(db, compId, range);
  const filtered = applyFilters(db.selectFrom(source.as('r')) as unknown as Filtered, query, notificationResource, options);
  const pageRows = own
    ? applyOrder(
        db.selectFrom(rows(db, compId, range).where('n.notiId', 'in', applyOrderAndPage(filtered.select(sql<number>`${sql.ref('notiId')}`.as('notiId')), query, options)).as('r')).selectAll() as unknown as Filtered,
        query,
        options,
      )
    : applyOrderAndPage(filtered.selectAll(), query, options);
  const [total, page] = await Promise.all([countRows(filtered), pageRows.execute() as Promise<NotificationDbRow[]>]);
  return { total, page };
}

export function findOne(db: Kysely<Database>, compId: number, notiId: number): Promise<NotificationDbRow | undefined> {
  return rows(db, compId, { start: null, end: null }).where('n.notiId', '=', notiId).executeTakeFirst();
}

export function history(db: Kysely<Database>, notiId: number) {
  return db
    .selectFrom('notification_history')
    .select(['nohiId', 'nohiNotiId', 'nohiRequest', 'nohiResponse', 'nohiCreatedTime'])
    .where('nohiNotiId', '=', notiId)
    .orderBy('nohiId')
    .execute();
}
