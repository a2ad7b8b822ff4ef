/** Notifications screen: list (finds, order, from/to) and one notification with its history. */
import {
  fieldMeta,
  notificationResource,
  type NotificationDetail,
  type RawQuery,
} from '@tagih/contract';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { Database } from '../../db/tables.ts';
import { pagination, positionOf } from '../../db/list-sql.ts';
import type { BatchedPage } from '../large-reads/large-page.ts';
import type { UtcRange } from '../../shared/date-range.ts';
import { NotFound } from '../../shared/errors.ts';
import { parseNotificationListRequest, type NotificationListRequest } from './list-request.ts';
import * as repo from './repo.ts';
import { verifyNotificationRollup } from './totals-repo.ts';

export async function list(deps: AppDeps, request: NotificationListRequest) {
  const { total, page } = await repo.listPage(deps.db, request);
  return {
    data: page,
    pagination: pagination(total, request.query),
    fields: fieldMeta(notificationResource),
  };
}

/** The same list as batches of rows, for a page that may be large (modules/large-reads/large-page.ts). */
export function batchedList(
  deps: AppDeps,
  request: NotificationListRequest,
): BatchedPage<repo.NotificationDbRow, repo.NotificationDbRow, Omit<NotificationList, 'data'>> {
  const { query } = request;
  const plan = repo.listPlan(deps.db, request);
  return {
    max: query.max,
    read: async (last, limit) =>
      (await plan).read({ limit, last: last && positionOf(last, query, 'notiId') }),
    toApi: (row) => row,
    rest: async () => ({
      pagination: pagination(await (await plan).count(), query),
      fields: fieldMeta(notificationResource),
    }),
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
  return {
    ...data,
    pagination: {
      totalData: history.length,
      totalPage: 1,
      page: 1,
      itemPerPage: Math.max(history.length, 1),
    },
  };
}

/** The transactions behind the notifications a list request matches (every page), of the given kinds, as a subquery. */
export function matchingTransactionIds(
  deps: AppDeps,
  compId: number,
  raw: RawQuery,
  types: readonly string[],
) {
  return repo.matchingTransactionIds(
    deps.db,
    parseNotificationListRequest(deps, compId, raw),
    types,
  );
}

/** How many notifications a list request matches (its pagination.totalData). */
export function countMatching(deps: AppDeps, compId: number, raw: RawQuery): Promise<number> {
  return repo.countMatching(deps.db, parseNotificationListRequest(deps, compId, raw));
}

/** Notifications of the company created within `range`, and how many of them were delivered (Home's figure). */
export function deliveryFigures(
  deps: AppDeps,
  compId: number,
  range: UtcRange,
): Promise<{ total: number; delivered: number }> {
  return repo.deliveryCounts(deps.db, compId, range);
}

/** Recounts the notification rollup (migration 0014) from the rows; for `rollups:verify`. */
export function verifyNotificationTotals(db: Kysely<Database>) {
  return verifyNotificationRollup(db);
}
