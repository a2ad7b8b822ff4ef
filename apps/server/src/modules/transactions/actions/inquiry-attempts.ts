/**
 * The inquiry log: every bank inquiry of a transaction is kept with its time,
 * who asked, what was asked (identifiers only: no keys, tokens or signatures), the bank's answer
 * (response code and reason, or the error) and its latency. Its timeline shows them.
 */
import type { InquiryAttemptOutcome } from '@tagih/contract';
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import type { BankPaidClaim, InquiryOutcome } from '../../../integrations/bank/gateway.ts';
import { AppError } from '../../../shared/errors.ts';
import type { ServerKind } from '../kinds.ts';
import type { RefusalReason } from '../../ledger/payment-evidence.ts';
import type { ActionRow } from '../repo.ts';
import type { ActionRequest } from './action-runner.ts';
import { insertAttempt } from './inquiry-attempts-repo.ts';

/** The bank's answer as Inquiry acts on it: a "paid" kept with what payment-evidence.ts accepted, or refused by it. */
export type JudgedInquiry =
  | Exclude<InquiryOutcome, { kind: 'paid' }>
  | { kind: 'paid'; responseCode: string; paidMinor: number; paidAt: string }
  | {
      kind: 'refused';
      responseCode: string;
      reason: RefusalReason;
      message: string;
      claimed: BankPaidClaim;
    };

/** Our answer to an Inquiry whose "paid" was refused: the bank answered, but not an answer to act on. */
export const REFUSED_ANSWER_STATUS = 502;

/** The bank an inquiry of `t` goes to. */
export const bankOf = (t: ActionRow) => t.trctBank ?? t.trctQrBank ?? '';

/** What an inquiry asks the bank, as the log shows it. */
export function inquiryRequestSummary(kind: ServerKind, t: ActionRow): Record<string, unknown> {
  if (kind.type === 'VA') {
    const partnerServiceId = t.trvaPartnerServiceId ?? '';
    const customerNo = t.trvaCustomerNo ?? '';
    return {
      bank: bankOf(t),
      service: '/v1.0/transfer-va/status',
      partnerServiceId,
      customerNo,
      virtualAccountNo: `${partnerServiceId}${customerNo}`,
    };
  }
  return {
    bank: bankOf(t),
    service: '/v1.0/qr/qr-mpm-query',
    orderId: t.trctOrderId,
    referenceNo: t.trqrReferenceNo,
    merchantId: t.trqrMerchantId,
  };
}

/**
 * Runs `ask` (the bank call) and logs it, whatever it answers; returns (or throws) what `ask` did.
 * A failure to write the log fails the request before anything changed (the bank call reads only).
 */
export async function recordInquiryAttempt(
  deps: AppDeps,
  { kind, runner }: Pick<ActionRequest, 'kind' | 'runner'>,
  t: ActionRow,
  ask: () => Promise<JudgedInquiry>,
): Promise<JudgedInquiry> {
  const startedAt = deps.clock.now();
  const started = performance.now();
  const base = {
    inatTrctId: t.trctId,
    inatAt: iso(startedAt),
    inatUserId: runner.audit.actorUserId,
    inatUsername: runner.audit.actorUsername,
    inatBank: bankOf(t),
    inatRequest: JSON.stringify(inquiryRequestSummary(kind, t)),
  };
  const latency = () => Math.round(performance.now() - started);
  let answer: JudgedInquiry;
  try {
    answer = await ask();
  } catch (error) {
    const code =
      error instanceof AppError
        ? ((error.data as { bankResponseCode?: string | null } | null)?.bankResponseCode ?? null)
        : null;
    await insertAttempt(deps.db, {
      ...base,
      inatOutcome: 'error' satisfies InquiryAttemptOutcome,
      inatResponseCode: code,
      inatMessage: error instanceof Error ? error.message : String(error),
      inatHttpStatus: error instanceof AppError ? error.statusCode : 500,
      inatLatencyMs: latency(),
    });
    throw error;
  }
  await insertAttempt(deps.db, {
    ...base,
    inatOutcome: answer.kind satisfies InquiryAttemptOutcome,
    inatResponseCode: answer.responseCode,
    inatMessage:
      answer.kind === 'unpaid'
        ? `${answer.reason} (${answer.bankStatus})`
        : answer.kind === 'refused'
          ? answer.message
          : null,
    inatHttpStatus: answer.kind === 'refused' ? REFUSED_ANSWER_STATUS : null,
    inatLatencyMs: latency(),
  });
  return answer;
}
