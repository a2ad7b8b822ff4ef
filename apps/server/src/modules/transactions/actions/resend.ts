/**
 * resend, the Notif button (spec §7): sends a paid transaction's notification to the merchant now.
 * The answer carries responseCode 200, or 400 on failure, and responseMessage. Run by
 * action-runner.ts: at most one start per transaction per ACTION_MIN_INTERVAL_SECONDS and a
 * limited number per user (not for a bulk job's items; throttle.ts); one send in flight per
 * notification is the notification's own lease. Each try leaves notification.resent in the audit
 * trail, written with the delivery attempt it made.
 */
import type { ResendResult } from '@tagih/contract';
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../shared/errors.ts';
import { queueNotification } from '../../ledger/index.ts';
import { sendIfFree } from '../../notifications/delivery.ts';
import {
  runAction,
  type ActionAnswer,
  type ActionRequest,
  type ActionRules,
} from './action-runner.ts';

const refused = (status: number, message: string) =>
  new AppError(status, message, { data: { responseCode: 400, responseMessage: message } });

const RESEND_RULES: ActionRules = {
  action: 'resend',
  // One at a time is the notification's own lease (sendIfFree): no throttle lease on top.
  leaseMs: null,
  notAllowed: (t, status) =>
    refused(
      409,
      `Notifications are only sent for paid transactions (Lunas); order ${t.trctOrderId} is ${status}`,
    ),
};

export function resend(deps: AppDeps, request: ActionRequest): Promise<ActionAnswer<ResendResult>> {
  return runAction(deps, request, RESEND_RULES, async (t, audit) => {
    const notiId = await queueNotification(deps.db, t, iso(deps.clock.now()));
    const details = (
      outcome: 'delivered' | 'failed' | 'busy',
      merchantHttpStatus: number | null,
      message: string,
    ) => ({ notiId, outcome, merchantHttpStatus, message });
    const result = await sendIfFree(deps, notiId, {
      onRecorded: (tx, r) =>
        audit(
          tx,
          r.delivered,
          details(r.delivered ? 'delivered' : 'failed', r.httpStatus, r.message),
        ),
    });
    if (!result) {
      const message = 'This notification is already being sent; try again in a moment';
      await audit(deps.db, false, details('busy', null, message));
      throw refused(409, message);
    }
    if (!result.delivered) {
      throw new AppError(502, result.message, {
        data: {
          responseCode: 400,
          responseMessage: result.message,
          notiId,
          notiStatus: result.notiStatus,
        },
      });
    }
    return {
      message: result.message,
      data: {
        responseCode: 200,
        responseMessage: result.message,
        notiId,
        notiStatus: result.notiStatus,
      },
    };
  });
}
