/**
 * A bank's payment id (paymentRequestId; a QRIS notify's originalReferenceNo) names one payment of
 * one bill. The same id again is a repeat only when it names the same bill with the same amount:
 * then it gets the first answer and changes nothing. The same id for another bill, or with another
 * amount, is a conflict (409xx00, as a reused X-EXTERNAL-ID): it changes nothing, is never
 * answered "Successful" (a bank that reads only the code would debit a payer for a bill we never
 * booked), and is audited (snap.payment.refused, reason payment-id-reused) with both bills.
 */
import { AUDIT_ACTIONS, SNAP_ANSWERS } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { recordAudit } from '../audit/service.ts';
import { strictAmountMinor } from '../ledger/payment-evidence.ts';
import {
  SNAP_CASE,
  SnapRefusal,
  snapAnswer,
  type SnapAnswer,
  type SnapService,
} from './answers.ts';
import * as payments from './bank-payments-repo.ts';
import { partnerAudit, type PartnerCall } from './caller/call.ts';

export const PAYMENT_ID_REUSED = 'payment-id-reused';

export interface ThisBill {
  trctId: number;
  trctCompId: number;
  trctOrderId: string;
}

/** What a payment request names, to tell a repeat of a booked payment from a reuse of its id. */
export interface RequestedPayment {
  /** True when the booked payment's bill carries the names this request gives. */
  namesBill(first: payments.FirstPayment): boolean;
  /** The amount as the request wrote it (null when it gave none). */
  amount: string | null;
  /** This request's bill, for the record; null when it names none of the partner's bills. */
  thisBill(): Promise<ThisBill | null>;
}

const conflict = (service: SnapService) =>
  new SnapRefusal(snapAnswer(409, service, SNAP_CASE.conflict, SNAP_ANSWERS.conflict));

/** True when `first` is the payment `requested` describes: the same bill and the same amount. */
export function isSamePayment(first: payments.FirstPayment, requested: RequestedPayment): boolean {
  const amount = requested.amount === null ? null : strictAmountMinor(requested.amount);
  return (
    first.trctId !== null &&
    requested.namesBill(first) &&
    amount !== null &&
    amount === first.paidMinor
  );
}

/**
 * The first answer when the partner booked a payment under `requestId` and this request repeats it;
 * undefined when the id names no booked payment; a conflict (audited) when the id names another payment.
 */
export async function answerOfSamePayment(
  deps: AppDeps,
  call: PartnerCall,
  service: SnapService,
  requestId: string,
  requested: RequestedPayment,
): Promise<SnapAnswer | undefined> {
  const first = await payments.firstPayment(deps.db, {
    clientId: call.partner.clientId,
    service,
    requestId,
  });
  if (!first) return undefined;
  if (isSamePayment(first, requested)) return first.answer;
  throw await refuseReuse(deps, call, service, requestId, requested, first);
}

async function refuseReuse(
  deps: AppDeps,
  call: PartnerCall,
  service: SnapService,
  requestId: string,
  requested: RequestedPayment,
  first: payments.FirstPayment,
): Promise<SnapRefusal> {
  const bill = await requested.thisBill().catch(() => null);
  const bank = call.partner.bank;
  const firstBill = {
    trctId: first.trctId,
    orderId: first.orderId,
    paidAmountMinor: first.paidMinor,
  };
  const thisBill = bill ? { trctId: bill.trctId, orderId: bill.trctOrderId } : null;
  const message =
    `Bank ${bank} sent payment id ${requestId} again for ${thisBill ? `bill ${thisBill.orderId}` : 'no bill of its own'} with amount ${requested.amount ?? 'none'}; ` +
    `that id already paid bill ${first.orderId ?? first.trctId} (${first.paidMinor ?? '?'} minor units). Nothing was changed.`;
  await recordAudit(
    deps.db,
    deps.clock,
    partnerAudit(call, bank, bill?.trctCompId ?? first.trctCompId),
    {
      action: AUDIT_ACTIONS.paymentRefused,
      outcome: 'failure',
      target:
        bill || first.trctId !== null
          ? { type: 'transaction', id: bill?.trctId ?? first.trctId! }
          : null,
      details: {
        bank,
        service,
        requestId,
        reason: PAYMENT_ID_REUSED,
        message,
        firstBill,
        thisBill,
        claimed: { amount: requested.amount },
        externalId: call.externalId,
      },
    },
  );
  return conflict(service);
}
