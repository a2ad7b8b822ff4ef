/**
 * Notif (spec §7): re-sends a paid transaction's notification now. The answer carries
 * responseCode 200, or 400 on failure, and responseMessage; one send in flight per notification.
 */
import { transactionStatusLabel, type NotifyResult, canNotify } from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, NotFound } from '../../shared/errors.ts';
import { sendIfFree } from '../notifications/delivery.ts';
import type { ActionAnswer } from './inquiry.ts';
import type { ServerKind } from './kinds.ts';
import * as repo from './repo.ts';

const refused = (status: number, message: string) => new AppError(status, message, { data: { responseCode: 400, responseMessage: message } });

export async function sendNotification(deps: AppDeps, kind: ServerKind, compId: number, trctId: number): Promise<ActionAnswer<NotifyResult>> {
  const t = await repo.findForAction(deps.db, kind, compId, trctId);
  if (!t) throw new NotFound(`Transaction ${trctId} not found`);
  if (!canNotify(t.trctStatus)) {
    throw refused(409, `Notifications are only sent for paid transactions (Lunas); order ${t.trctOrderId} is ${transactionStatusLabel(t.trctStatus) || t.trctStatus}`);
  }
  const notiId = await repo.ensureNotification(deps.db, t, iso(deps.clock.now()));
  const result = await sendIfFree(deps, notiId);
  if (!result) throw refused(409, 'This notification is already being sent; try again in a moment');
  if (!result.delivered) {
    throw new AppError(502, result.message, { data: { responseCode: 400, responseMessage: result.message, notiId, notiStatus: result.notiStatus } });
  }
  return { message: result.message, data: { responseCode: 200, responseMessage: result.message, notiId, notiStatus: result.notiStatus } };
}
