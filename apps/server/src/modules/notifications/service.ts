/** Notifications screen: list (finds, order, from/to) and one notification with its history. */
import { WORK_QUEUE_PARAM, fieldMeta, notificationResource, parseListQuery, type NotificationDetail, type RawQuery } from '@tagih/contract';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { Database } from '../../db/tables.ts';
import { sql } from 'kysely';
import { countRows, pagination, positionOf } from '../../db/list-sql.ts';
import type { BatchedPage } from '../large-reads/large-page.ts';
import { parseDateRange, type UtcRange } from '../../shared/date-range.ts';
import { Invalid, NotFound } from '../../shared/errors.ts';
import { wantsWorkQueue } from '../transactions/list/work-queue.ts';
import * as repo from './repo.ts';
import { verifyNotificationRollup } from './totals-repo.ts';
import type { NotificationListQuery } from './work-queue.ts';

/** One parser for the list and the bulk selection: unknown fields, bad dates and an unknown queue are a 400. */
export function parseNotificationListRequest(deps: AppDeps, raw: RawQuery): { query: NotificationListQuery; range: UtcRange } {
  const parsed = parseListQuery(raw, notificationResource, ['from', 'to', WORK_QUEUE_PARAM]);
  if (!parsed.ok) throw new Invalid(parsed.message);
  const range = parseDateRange(raw.from, raw.to, deps.config.businessTz);
  return { query: { ...parsed.value, ...(wantsWorkQueue(raw) ? { attention: true } : {}) }, range };
}

export async function list(deps: AppDeps, compId: number, raw: RawQuery) {
  const { query, range } = parseNotificationListRequest(deps, raw);
  const { total, page } = await repo.listPage(deps.db, compId, range, query, deps.config.businessTz);
  return { data: page, pagination: pagination(total, query), fields: fieldMeta(notificationResource) };
}

/** The same list as batches of rows, for a page that may be large (modules/large-reads/large-page.ts). */
export function batchedList(deps: AppDeps, compId: number, raw: RawQuery): BatchedPage<repo.NotificationDbRow, repo.NotificationDbRow, Omit<NotificationList, 'data'>> {
  const { query, range } = parseNotificationListRequest(deps, raw);
  const plan = repo.listPlan(deps.db, compId, range, query, deps.config.businessTz);
  return {
    max: query.max,
    read: async (last, limit) => (await plan).read({ limit, last: last && positionOf(last, query, 'notiId') }),
    toApi: (row) => row,
    rest: async () => ({ pagination: pagination(await (await plan).count(), query), fields: fieldMeta(notificationResource) }),
  };
}

type NotificationList = Awaited<ReturnType<typeof list>>;

/** A notification's delivery attempts, oldest first (its History dialog, a transaction's timeline). */
export function deliveryHistory(deps: AppDeps, notiId: number) {
  return repo.history(deps.db, notiId);
}

export async function detail(deps: AppDeps, compId: number, notiId: number) {
  const row = await repo.findOne(deps.db, compId, notiId);
  if (!row) throw new NotFound(`Notification ${notiId} not found`);
  const history = await repo.history(deps.db, notiId);
  const data: NotificationDetail = { ...row, notification_history: history };
  return { ...data, pagination: { totalData: history.length, totalPage: 1, page: 1, itemPerPage: Math.max(history.length, 1) } };
}

/** The transactions behind the notifications a list request matches (every page), of the given kinds, as a subquery. */
export function matchingTransactionIds(deps: AppDeps, compId: number, raw: RawQuery, types: readonly string[]) {
  const { query, range } = parseNotificationListRequest(deps, raw);
  return repo.filteredNotifications(deps.db, compId, range, query, deps.config.businessTz)
    .where(sql.ref('trctType'), 'in', [...types])
    .select(sql<number>`${sql.ref('notiTrctId')}`.as('trctId'));
}

/** How many notifications a list request matches (its pagination.totalData). */
export async function countMatching(deps: AppDeps, compId: number, raw: RawQuery): Promise<number> {
  const { query, range } = parseNotificationListRequest(deps, raw);
  return countRows(repo.filteredNotifications(deps.db, compId, range, query, deps.config.businessTz));
}

/** Recounts the notification rollup (migration 0014) from the rows; for `rollups:verify`. */
export function verifyNotificationTotals(db: Kysely<Database>) {
  return verifyNotificationRollup(db);
}
