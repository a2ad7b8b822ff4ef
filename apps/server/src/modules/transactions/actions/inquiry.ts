/**
 * Inquiry (spec §7, protocol doc): asks the transaction's bank for its status. A paid answer
 * that payment-evidence.ts accepts sets it paid, the paid amount and time and creates the pending
 * notification in one database transaction, then sends that notification. A refused answer or a
 * failure leaves the transaction unchanged.
 * Run by action-runner.ts (throttled per user and per transaction, one at a time); every answer of
 * the bank, and every failure to get one, is kept in the inquiry log (inquiry-attempts.ts) and
 * leaves transaction.inquired in the audit trail, in the same database transaction as the change
 * it caused.
 */
import {
  ACTION_OUTCOME,
  BANK_CLAIM_REFUSED,
  type InquiryResult,
  TRX_STATUS,
  NOTI_STATUS,
  SNAP_PAYMENT_STATUS,
} from '@tagih/contract';
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import type { DbOrTx } from '../../../db/tables.ts';
import { AppError, Conflict } from '../../../shared/errors.ts';
import { BankFailure, type InquiryOutcome } from '../../../integrations/bank/gateway.ts';
import { sendIfFree } from '../../notifications/delivery.ts';
import { expireBill, inLedger, turnPaid } from '../../ledger/index.ts';
import {
  claimForTheRecord,
  judgePaidClaim,
  type BillOnRecord,
} from '../../ledger/payment-evidence.ts';
import type { ServerKind } from '../kinds.ts';
import type * as repo from '../repo.ts';
import {
  runAction,
  type ActionAnswer,
  type ActionAudit,
  type ActionRequest,
  type ActionRules,
} from './action-runner.ts';
import {
  bankOf,
  REFUSED_ANSWER_STATUS,
  recordInquiryAttempt,
  type JudgedInquiry,
} from './inquiry-attempts.ts';

/** How long an inquiry holds its transaction at most (the bank's timeouts are far shorter). */
export const INQUIRY_LEASE_MS = 60_000;

async function askBank(
  deps: AppDeps,
  kind: ServerKind,
  t: repo.ActionRow,
): Promise<InquiryOutcome> {
  const gateway = deps.bankGateway;
  if (!gateway) throw new AppError(503, 'Bank inquiry is not configured on this server');
  try {
    if (kind.type === 'VA') {
      return await gateway.inquiryVa({
        bank: bankOf(t),
        partnerServiceId: t.trvaPartnerServiceId ?? '',
        customerNo: t.trvaCustomerNo ?? '',
      });
    }
    return await gateway.inquiryQris({
      bank: bankOf(t),
      orderId: t.trctOrderId,
      referenceNo: t.trqrReferenceNo,
      merchantId: t.trqrMerchantId,
    });
  } catch (error) {
    if (!(error instanceof BankFailure)) throw error;
    const status = error.reason === 'timeout' ? 504 : error.reason === 'not-configured' ? 503 : 502;
    throw new AppError(status, error.message, { data: { bankResponseCode: error.responseCode } });
  }
}

function billOf(kind: ServerKind, t: repo.ActionRow): BillOnRecord {
  return {
    bank: bankOf(t),
    identity:
      kind.type === 'VA'
        ? {
            type: 'VA',
            partnerServiceId: t.trvaPartnerServiceId ?? '',
            customerNo: t.trvaCustomerNo ?? '',
          }
        : { type: 'QRIS', orderId: t.trctOrderId, referenceNo: t.trqrReferenceNo },
    totalMinor: t.trctTotalAmount ?? t.trqrTotalAmount,
    createdAt: t.trctCreatedTime,
  };
}

/** The bank's answer, a "paid" believed only as far as payment-evidence.ts allows. */
async function askAndJudge(
  deps: AppDeps,
  kind: ServerKind,
  t: repo.ActionRow,
): Promise<JudgedInquiry> {
  const outcome = await askBank(deps, kind, t);
  if (outcome.kind !== 'paid') return outcome;
  const verdict = judgePaidClaim(billOf(kind, t), outcome.claimed, {
    now: deps.clock.now(),
    timeZone: deps.config.businessTz,
  });
  const { responseCode, claimed } = outcome;
  return verdict.accepted
    ? { kind: 'paid', responseCode, paidMinor: verdict.paidMinor, paidAt: verdict.paidAt }
    : { kind: 'refused', responseCode, reason: verdict.reason, message: verdict.message, claimed };
}

/** QRIS statuses after which the QR can no longer be paid: past its expiry it is Kadaluarsa. */
const QR_GONE: ReadonlySet<string> = new Set([
  SNAP_PAYMENT_STATUS.CANCELED,
  SNAP_PAYMENT_STATUS.FAILED,
]);

type InquiryAuditOutcome = 'paid' | 'unpaid' | 'expired' | 'refused' | 'error';

const INQUIRY_RULES: ActionRules = {
  action: 'inquiry',
  leaseMs: INQUIRY_LEASE_MS,
  notAllowed: (t, status) =>
    new Conflict(
      `Inquiry is only for unpaid transactions (Belum Lunas); order ${t.trctOrderId} is ${status}`,
    ),
};

export function inquire(
  deps: AppDeps,
  request: ActionRequest,
): Promise<ActionAnswer<InquiryResult>> {
  return runAction(deps, request, INQUIRY_RULES, (t, audit) =>
    inquireAdmitted(deps, request, t, audit),
  );
}

async function inquireAdmitted(
  deps: AppDeps,
  { kind, runner }: ActionRequest,
  t: repo.ActionRow,
  auditAction: ActionAudit,
): Promise<ActionAnswer<InquiryResult>> {
  const { trctId } = t;
  const bank = bankOf(t);
  const audit = (
    db: DbOrTx,
    outcome: InquiryAuditOutcome,
    bankResponseCode: string | null,
    extra: Record<string, unknown> = {},
  ) =>
    auditAction(db, outcome !== 'error' && outcome !== 'refused', {
      bank,
      outcome,
      bankResponseCode,
      ...extra,
    });

  let outcome: JudgedInquiry;
  try {
    outcome = await recordInquiryAttempt(deps, { kind, runner }, t, () =>
      askAndJudge(deps, kind, t),
    );
  } catch (error) {
    if (error instanceof AppError) {
      const code =
        (error.data as { bankResponseCode?: string | null } | null)?.bankResponseCode ?? null;
      await audit(deps.db, 'error', code, { httpStatus: error.statusCode, message: error.message });
    }
    throw error;
  }
  const now = deps.clock.now();

  if (outcome.kind === 'refused') {
    // Nothing changes and no merchant hears of it: the operator reads what the bank said.
    const { responseCode, reason, message, claimed } = outcome;
    await audit(deps.db, 'refused', responseCode, {
      reason,
      message,
      claimed: claimForTheRecord(claimed),
      httpStatus: REFUSED_ANSWER_STATUS,
    });
    throw new AppError(REFUSED_ANSWER_STATUS, BANK_CLAIM_REFUSED.notMarkedPaid(message), {
      data: { bankResponseCode: responseCode, refused: reason },
    });
  }

  if (outcome.kind === 'unpaid') {
    const expired =
      kind.type === 'QRIS' &&
      QR_GONE.has(outcome.bankStatus) &&
      t.trqrExpiredDate !== null &&
      t.trqrExpiredDate <= iso(now);
    if (expired) {
      await inLedger(deps, async (log) => {
        await expireBill(log, { ...t, kind: kind.type }, iso(now));
        await audit(log.tx, 'expired', outcome.responseCode, { bankStatus: outcome.bankStatus });
      });
    } else {
      await audit(deps.db, 'unpaid', outcome.responseCode, { bankStatus: outcome.bankStatus });
    }
    const status = expired ? TRX_STATUS.EXPIRED : t.trctStatus;
    return {
      message: ACTION_OUTCOME.inquiryUnpaid(bank, outcome.reasonId ?? outcome.reason, expired),
      data: {
        trctId,
        trctStatus: status,
        paid: false,
        bankResponseCode: outcome.responseCode,
        notification: null,
      },
    };
  }

  const { paidAt, paidMinor } = outcome;
  // Only the request that turns it paid creates and sends the notification: parallel inquiries
  // of one transaction notify the merchant once.
  const notiId = await inLedger(deps, async (log) => {
    const id = await turnPaid(log, { ...t, kind: kind.type }, paidMinor, paidAt, iso(now));
    if (id === null) {
      await audit(log.tx, 'paid', outcome.responseCode, { alreadyPaid: true });
      return null;
    }
    await audit(log.tx, 'paid', outcome.responseCode, {
      paidAmountMinor: paidMinor,
      paidAt,
      notiId: id,
    });
    return id;
  });
  if (notiId === null) {
    return {
      message: ACTION_OUTCOME.inquiryAlreadyPaid(bank, t.trctOrderId),
      data: {
        trctId,
        trctStatus: TRX_STATUS.PAID,
        paid: true,
        bankResponseCode: outcome.responseCode,
        notification: null,
      },
    };
  }
  const delivery = await sendIfFree(deps, notiId);
  const notified =
    delivery === null
      ? ACTION_OUTCOME.notificationSending
      : delivery.delivered
        ? ACTION_OUTCOME.notificationDelivered
        : ACTION_OUTCOME.notificationPending(delivery.message);
  return {
    message: ACTION_OUTCOME.inquiryPaid(bank, t.trctOrderId, notified),
    data: {
      trctId,
      trctStatus: TRX_STATUS.PAID,
      paid: true,
      bankResponseCode: outcome.responseCode,
      notification: {
        notiId,
        notiStatus: delivery?.notiStatus ?? NOTI_STATUS.PENDING,
        delivered: delivery?.delivered ?? false,
      },
    },
  };
}
