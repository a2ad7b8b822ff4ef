/**
 * Notif (spec §7): re-sends a paid transaction's notification now. The answer carries
 * responseCode 200, or 400 on failure, and responseMessage; one send in flight per notification
 * (its lease), at most one per transaction per ACTION_MIN_INTERVAL_SECONDS and a limited number
 * per user (not for a bulk job's items; throttle.ts). Each try leaves notification.resent in the audit trail, written with
 * the delivery attempt it made.
 */
import { AUDIT_ACTIONS, transactionStatusLabel, type NotifyResult, canNotify } from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, NotFound } from '../../shared/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { sendIfFree } from '../notifications/delivery.ts';
import { bulkDetails, type ActionAnswer, type ActionRunner } from './inquiry.ts';
import type { ServerKind } from './kinds.ts';
import * as repo from './repo.ts';
import { admitAction } from './throttle.ts';

const refused = (status: number, message: string) => new AppError(status, message, { data: { responseCode: 400, responseMessage: message } });

export async function sendNotification(deps: AppDeps, kind: ServerKind, actor: ActionRunner, compId: number, trctId: number): Promise<ActionAnswer<NotifyResult>> {
  const t = await repo.findForAction(deps.db, kind, compId, trctId);
  if (!t) throw new NotFound(`Transaction ${trctId} not found`);
  if (!canNotify(t.trctStatus)) {
    throw refused(409, `Notifications are only sent for paid transactions (Lunas); order ${t.trctOrderId} is ${transactionStatusLabel(t.trctStatus) || t.trctStatus}`);
  }
  // One at a time is the notification's own lease (sendIfFree): no throttle lease on top.
  await admitAction(deps, 'notify', actor.budgetUserId, t.trctId, null);
  const notiId = await repo.ensureNotification(deps.db, t, iso(deps.clock.now()));
  const event = (outcome: 'delivered' | 'failed' | 'busy', merchantHttpStatus: number | null, message: string) => ({
    action: AUDIT_ACTIONS.notificationResent,
    outcome: outcome === 'delivered' ? ('success' as const) : ('failure' as const),
    target: { type: 'transaction', id: t.trctId },
    details: { kind: kind.type, orderId: t.trctOrderId, notiId, outcome, merchantHttpStatus, message, ...bulkDetails(actor) },
  });
  const result = await sendIfFree(deps, notiId, {
    onRecorded: (tx, r) => recordAudit(tx, deps.clock, actor.audit, event(r.delivered ? 'delivered' : 'failed', r.httpStatus, r.message)),
  });
  if (!result) {
    const message = 'This notification is already being sent; try again in a moment';
    await recordAudit(deps.db, deps.clock, actor.audit, event('busy', null, message));
    throw refused(409, message);
  }
  if (!result.delivered) {
    throw new AppError(502, result.message, { data: { responseCode: 400, responseMessage: result.message, notiId, notiStatus: result.notiStatus } });
  }
  return { message: result.message, data: { responseCode: 200, responseMessage: result.message, notiId, notiStatus: result.notiStatus } };
}
