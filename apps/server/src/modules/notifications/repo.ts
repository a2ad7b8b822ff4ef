/** SQL of the Notifications screen: the company's notifications and one notification's history. */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { notificationResource, type ListQuery } from '@tagih/contract';
import { applyFilters, applyOrderAndPage, countRows } from '../../db/list-sql.ts';
import type { Database } from '../../db/tables.ts';
import type { UtcRange } from '../../http/date-range-query.ts';

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

export type NotificationDbRow = Awaited<ReturnType<ReturnType<typeof rows>['executeTakeFirstOrThrow']>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- derived table with the resource's fields
type Filtered = SelectQueryBuilder<any, 'r', object>;

export async function listPage(db: Kysely<Database>, compId: number, range: UtcRange, query: ListQuery, timeZone: string) {
  const options = { timeZone, tieBreaker: 'notiId' };
  const filtered = applyFilters(db.selectFrom(rows(db, compId, range).as('r')) as unknown as Filtered, query, notificationResource, options);
  const [total, page] = await Promise.all([
    countRows(filtered),
    applyOrderAndPage(filtered.selectAll(), query, options).execute() as Promise<NotificationDbRow[]>,
  ]);
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
