/** A Notifications list request, parsed once into one object: the list, its count, the bulk selection and Home read this. */
import {
  WORK_QUEUE_PARAM,
  notificationResource,
  parseListQuery,
  type ListQuery,
  type RawQuery,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { parseDateRange, type UtcRange } from '../../shared/date-range.ts';
import { Invalid } from '../../shared/errors.ts';
import { wantsWorkQueue } from '../../shared/queue-param.ts';

/** A notification list query, possibly narrowed to the work queue (work-queue-repo.ts). */
export type NotificationListQuery = ListQuery & { attention?: boolean };

export interface NotificationListRequest {
  /** The active company: every row read is of it. */
  compId: number;
  query: NotificationListQuery;
  /** from/to as UTC bounds [start, end) of the business days. */
  range: UtcRange;
  /** BUSINESS_TZ: the zone of the days and of the date filters. */
  timeZone: string;
}

/** Unknown fields, bad dates and an unknown queue are a 400. */
export function parseNotificationListRequest(
  deps: AppDeps,
  compId: number,
  raw: RawQuery,
): NotificationListRequest {
  const parsed = parseListQuery(raw, notificationResource, ['from', 'to', WORK_QUEUE_PARAM]);
  if (!parsed.ok) throw new Invalid(parsed.message);
  const timeZone = deps.config.businessTz;
  const range = parseDateRange(raw.from, raw.to, timeZone);
  return {
    compId,
    query: { ...parsed.value, ...(wantsWorkQueue(raw) ? { attention: true } : {}) },
    range,
    timeZone,
  };
}
