/** Notifications screen: list (finds, order, from/to) and one notification with its history. */
import { fieldMeta, notificationResource, parseListQuery, type NotificationDetail, type RawQuery } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { pagination } from '../../db/list-sql.ts';
import { parseDateRange } from '../../shared/date-range.ts';
import { Invalid, NotFound } from '../../shared/errors.ts';
import * as repo from './repo.ts';

export async function list(deps: AppDeps, compId: number, raw: RawQuery) {
  const parsed = parseListQuery(raw, notificationResource, ['from', 'to']);
  if (!parsed.ok) throw new Invalid(parsed.message);
  const range = parseDateRange(raw.from, raw.to, deps.config.businessTz);
  const { total, page } = await repo.listPage(deps.db, compId, range, parsed.value, deps.config.businessTz);
  return { data: page, pagination: pagination(total, parsed.value), fields: fieldMeta(notificationResource) };
}

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
