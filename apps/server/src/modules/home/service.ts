/**
 * Home figures: the active company's today and last 7 business days. Transactions come from the
 * same per-status totals as the lists (transactions/list/status-totals.ts: the rollup, or the rows
 * when it is not kept in BUSINESS_TZ), so a figure equals the total of the list it links to;
 * notifications are counted by the notifications module; the work queues with their lists' own
 * SQL. Parts the user may not read are null.
 */
import {
  HOME_WEEK_DAYS,
  NOTIFICATIONS_AREA,
  addDays,
  WORK_QUEUE_ATTENTION,
  WORK_QUEUE_PARAM,
  can,
  type AccessMap,
  type HomeDelivery,
  type HomeFigures,
  type HomeKindFigures,
  type TransactionStatusTotal,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { businessDayOf } from '../../db/transaction-rollup.ts';
import { parseDateRange } from '../../shared/date-range.ts';
import { countMatching as countNotifications, deliveryFigures } from '../notifications/service.ts';
import { SERVER_KINDS, type ServerKind } from '../transactions/kinds.ts';
import { parseListRequest } from '../transactions/list/list-request.ts';
import { countMatching as countTransactions } from '../transactions/list/list-service.ts';
import { statusGroups, statusTotals } from '../transactions/list/status-totals.ts';

/** Adds statuses' counts and amounts (same order on both sides). */
function addTotals(
  a: TransactionStatusTotal[],
  b: TransactionStatusTotal[],
): TransactionStatusTotal[] {
  return a.map((s, i) => ({
    status: s.status,
    count: s.count + b[i]!.count,
    amount: Math.round((s.amount + b[i]!.amount) * 100) / 100,
  }));
}

async function kindFigures(
  deps: AppDeps,
  kind: ServerKind,
  compId: number,
  days: string[],
): Promise<HomeKindFigures> {
  const daily = await Promise.all(
    days.map(async (day) => ({
      day,
      byStatus: statusTotals(
        await statusGroups(deps.db, parseListRequest(deps, kind, compId, { from: day, to: day })),
      ),
    })),
  );
  const week = daily.slice(1).reduce((sum, d) => addTotals(sum, d.byStatus), daily[0]!.byStatus);
  return { today: daily[daily.length - 1]!.byStatus, week, daily };
}

/** Notifications created in the business days from..to, and how many were delivered. */
function delivery(deps: AppDeps, compId: number, from: string, to: string): Promise<HomeDelivery> {
  return deliveryFigures(deps, compId, parseDateRange(from, to, deps.config.businessTz));
}

/**
 * Each screen's work queue size: its list's own parser and SQL on `queue=attention` with no
 * date range (the link Home gives), so the figure is the total the list shows.
 */
async function workQueues(
  deps: AppDeps,
  access: AccessMap,
  compId: number,
): Promise<HomeFigures['workQueues']> {
  const queue = { [WORK_QUEUE_PARAM]: WORK_QUEUE_ATTENTION };
  const kindCount = (key: 'va' | 'qris') => {
    const kind = SERVER_KINDS.find((k) => k.key === key)!;
    return can(access, kind.area, 'read')
      ? countTransactions(deps, kind, compId, queue)
      : Promise.resolve(null);
  };
  const notifications = can(access, NOTIFICATIONS_AREA, 'read')
    ? countNotifications(deps, compId, queue)
    : Promise.resolve(null);
  const [va, qris, noti] = await Promise.all([kindCount('va'), kindCount('qris'), notifications]);
  return { va, qris, notifications: noti };
}

export async function homeFigures(
  deps: AppDeps,
  access: AccessMap,
  compId: number,
): Promise<HomeFigures> {
  const today = businessDayOf(deps.clock.now().toISOString(), deps.config.businessTz);
  const weekFrom = addDays(today, -(HOME_WEEK_DAYS - 1));
  const days = Array.from({ length: HOME_WEEK_DAYS }, (_, i) =>
    addDays(today, i - (HOME_WEEK_DAYS - 1)),
  );
  const figuresOf = (key: 'va' | 'qris') => {
    const kind = SERVER_KINDS.find((k) => k.key === key)!;
    return can(access, kind.area, 'read')
      ? kindFigures(deps, kind, compId, days)
      : Promise.resolve(null);
  };
  const notifications = async () =>
    can(access, NOTIFICATIONS_AREA, 'read')
      ? {
          today: await delivery(deps, compId, today, today),
          week: await delivery(deps, compId, weekFrom, today),
        }
      : null;
  const [va, qris, noti, queues] = await Promise.all([
    figuresOf('va'),
    figuresOf('qris'),
    notifications(),
    workQueues(deps, access, compId),
  ]);
  return { today, weekFrom, va, qris, notifications: noti, workQueues: queues };
}
