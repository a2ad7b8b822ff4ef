/**
 * Books a payment a bank pushed (VA payment, QRIS notify), exactly once: payment-evidence.ts judges
 * the claim (the same rule Inquiry's answers pass); then in ONE database transaction the bill turns
 * paid through the ledger's turnPaid, as Inquiry's (its row lock taken first; rollup exact; the
 * merchant's notification queued; a payment that got there first makes this one "paid bill", a
 * cancel or an expiry that got there first (modules/ledger) "expired bill"), the bank's
 * request is stored with our answer (unique per partner, service and request id), and
 * transaction.paid is audited (unsealed: chained after the commit, modules/audit/sealer.ts). A copy of the request that waited for the row lock finds the bill
 * paid and answers what was stored (oncePerRequest). After the commit the ledger's hooks tell the
 * screens; the notification is sent by the route. A stored answer is given again only to a repeat of
 * the same payment (the same bill and amount); the same id for another payment is a conflict
 * (payment-repeat.ts).
 */
import { AUDIT_ACTIONS, SNAP_ANSWERS, TRX_STATUS } from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { violationOf } from '../../db/violations.ts';
import { recordAudit, recordAuditUnsealed } from '../audit/service.ts';
import { inLedger, turnPaid } from '../ledger/index.ts';
import {
  claimForTheRecord,
  judgePaidClaim,
  type BillOnRecord,
  type ClaimedPayment,
  type RefusalReason,
} from '../ledger/payment-evidence.ts';
import {
  SNAP_CASE,
  SNAP_SERVICE,
  SnapRefusal,
  badField,
  snapAnswer,
  type SnapAnswer,
  type SnapService,
} from './answers.ts';
import * as payments from './bank-payments-repo.ts';
import { statusOf } from './bill-repo.ts';
import { partnerAudit, type PartnerCall } from './caller/call.ts';
import { answerOfSamePayment, type RequestedPayment } from './payment-repeat.ts';

export interface BillToPay extends BillOnRecord {
  trctId: number;
  trctCompId: number;
  trctOrderId: string;
}

export interface PushedPayment {
  service: SnapService;
  call: PartnerCall;
  /** The bank's id of this payment (paymentRequestId; a QRIS notify's originalReferenceNo). */
  requestId: string;
  referenceNo: string | null;
  bill: BillToPay;
  claim: ClaimedPayment;
  /** Request fields named in a refusal: the amount's and the paid time's. */
  fields: { amount: string; paidAt: string };
  /** Our answer when it is booked (stored: a retry gets it again). */
  success: SnapAnswer;
  /** What the request names, to tell a repeat of a payment booked meanwhile from a reuse of its id. */
  requested: RequestedPayment;
}

export interface Booked {
  answer: SnapAnswer;
  /** The notification to send now; null when this call booked nothing (a retry). */
  notiId: number | null;
}

/** The bill names another one or is not named: unknown. */
const UNKNOWN: ReadonlySet<RefusalReason> = new Set(['other-bill', 'bill-not-named']);
const BAD_TIME: ReadonlySet<RefusalReason> = new Set([
  'paid-time-unreadable',
  'paid-time-future',
  'paid-time-before-bill',
]);

export const unknownBill = (service: SnapService): SnapRefusal =>
  new SnapRefusal(
    snapAnswer(
      404,
      service,
      SNAP_CASE.unknownBill,
      service === SNAP_SERVICE.qrisNotify
        ? SNAP_ANSWERS.unknownTransaction
        : SNAP_ANSWERS.unknownBill,
    ),
  );
export const paidBill = (service: SnapService): SnapRefusal =>
  new SnapRefusal(snapAnswer(404, service, SNAP_CASE.paidBill, SNAP_ANSWERS.paidBill));
export const expiredBill = (service: SnapService): SnapRefusal =>
  new SnapRefusal(snapAnswer(404, service, SNAP_CASE.expiredBill, SNAP_ANSWERS.expiredBill));

function refusalFor(p: PushedPayment, reason: RefusalReason): SnapRefusal {
  if (UNKNOWN.has(reason)) return unknownBill(p.service);
  if (BAD_TIME.has(reason)) return badField(p.service, p.fields.paidAt);
  if (reason === 'amount-malformed') return badField(p.service, p.fields.amount);
  return new SnapRefusal(
    snapAnswer(404, p.service, SNAP_CASE.invalidAmount, SNAP_ANSWERS.invalidAmount),
  );
}

/** Thrown inside the booking transaction to roll it back: the bill was no longer unpaid (paid, cancelled or expired meanwhile). */
class NoLongerUnpaid extends Error {
  readonly status: string | undefined;
  constructor(status: string | undefined) {
    super(`bill is ${status ?? 'gone'}`);
    this.status = status;
  }
}

export async function bookPushedPayment(deps: AppDeps, p: PushedPayment): Promise<Booked> {
  const { call, bill, service } = p;
  const audit = partnerAudit(call, call.partner.bank, bill.trctCompId);
  const target = { type: 'transaction', id: bill.trctId };
  const verdict = judgePaidClaim(p.bill, p.claim, {
    now: deps.clock.now(),
    timeZone: deps.config.businessTz,
  });
  if (!verdict.accepted) {
    await recordAudit(deps.db, deps.clock, audit, {
      action: AUDIT_ACTIONS.paymentRefused,
      outcome: 'failure',
      target,
      details: {
        bank: call.partner.bank,
        service,
        orderId: bill.trctOrderId,
        requestId: p.requestId,
        reason: verdict.reason,
        message: verdict.message,
        claimed: claimForTheRecord(p.claim),
      },
    });
    throw refusalFor(p, verdict.reason);
  }
  const key = { clientId: call.partner.clientId, service, requestId: p.requestId };
  const nowIso = iso(deps.clock.now());
  try {
    const notiId = await inLedger(deps, async (log) => {
      const { tx } = log;
      // The bill's row lock first (turnPaid): a copy of this payment waits here, then finds it paid and reads our answer.
      const id = await turnPaid(
        log,
        { ...bill, kind: bill.identity.type },
        verdict.paidMinor,
        verdict.paidAt,
        nowIso,
      );
      if (id === null) throw new NoLongerUnpaid(await statusOf(tx, bill.trctId));
      await payments.insertBankPayment(tx, key, {
        bank: call.partner.bank,
        referenceNo: p.referenceNo,
        trctId: bill.trctId,
        answer: p.success,
        nowIso,
      });
      await recordAuditUnsealed(tx, deps.clock, audit, {
        action: AUDIT_ACTIONS.transactionPaid,
        target,
        details: {
          bank: call.partner.bank,
          service,
          orderId: bill.trctOrderId,
          paymentRequestId: p.requestId,
          referenceNo: p.referenceNo,
          paidAmountMinor: verdict.paidMinor,
          paidAt: verdict.paidAt,
          notiId: id,
          externalId: call.externalId,
        },
      });
      return id;
    });
    return { answer: p.success, notiId };
  } catch (error) {
    if (error instanceof NoLongerUnpaid)
      throw error.status === TRX_STATUS.PAID
        ? paidBill(service)
        : error.status === undefined
          ? unknownBill(service)
          : expiredBill(service);
    if (violationOf(error)?.kind !== 'unique') throw error;
    // A copy of this request booked it meanwhile: its answer is ours; another payment under this id: a conflict.
    const first = await answerOfSamePayment(deps, call, service, p.requestId, p.requested);
    if (!first) throw error;
    return { answer: first, notiId: null };
  }
}

/**
 * A bank's request answered once: a repeat of a payment booked before gets its first answer again,
 * changing nothing; the same id naming another bill or amount is a conflict (payment-repeat.ts).
 * Also when the bill was found paid: a copy of this very request may have booked it between our
 * look and our check.
 */
export async function oncePerRequest(
  deps: AppDeps,
  call: PartnerCall,
  service: SnapService,
  requestId: string,
  requested: RequestedPayment,
  book: () => Promise<Booked>,
): Promise<Booked> {
  const answered = () => answerOfSamePayment(deps, call, service, requestId, requested);
  const before = await answered();
  if (before) return { answer: before, notiId: null };
  try {
    return await book();
  } catch (error) {
    const paid =
      error instanceof SnapRefusal &&
      error.answer.body.responseCode === paidBill(service).answer.body.responseCode;
    const meanwhile = paid ? await answered() : undefined;
    if (meanwhile) return { answer: meanwhile, notiId: null };
    throw error;
  }
}
