/** BankGateway over SNAP BI: VA inquiry status (service 26) and QRIS MPM query (service 51). */
import { randomUUID } from 'node:crypto';
import {
  SNAP_PAYMENT_STATUS,
  SNAP_PAYMENT_STATUS_WORDS,
  SNAP_VA_FLAG,
  type SnapPaymentStatus,
} from '@tagih/contract';
import {
  BankFailure,
  type BankConfig,
  type BankGateway,
  type InquiryOutcome,
  type QrisInquiry,
  type VaInquiry,
} from './gateway.ts';
import { SnapClient, type SnapAnswer } from './snap-client.ts';

export const DEFAULT_BANK_TIMEOUT_MS = 10_000;

export interface SnapGatewayOptions {
  timeoutMs?: number;
  timeZone?: string;
  now?: () => Date;
}

/** A field as the bank wrote it: text as is, a number (some banks send customerNo so) as its digits, anything else as its JSON; absent: null. */
function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/**
 * SNAP money is `{ value: '150000.00', currency: 'IDR' }`; a bare value is read as the bank wrote it.
 * Only a decimal string is an amount: a JSON number (2165000.00000000001 reads as 2165000) is handed
 * on marked, so that payment-evidence.ts refuses it as malformed.
 */
function amountText(money: unknown): string | null {
  const value =
    typeof money === 'object' && money !== null && !Array.isArray(money)
      ? (money as { value?: unknown }).value
      : money;
  return typeof value === 'number' ? `${String(value)} (a JSON number)` : textOf(value);
}

export class SnapBankGateway implements BankGateway {
  private readonly clients = new Map<string, { cfg: BankConfig; client: SnapClient }>();

  constructor(banks: readonly BankConfig[], options: SnapGatewayOptions = {}) {
    const opts = {
      timeoutMs: options.timeoutMs ?? DEFAULT_BANK_TIMEOUT_MS,
      timeZone: options.timeZone ?? 'Asia/Jakarta',
      now: options.now ?? (() => new Date()),
    };
    for (const cfg of banks)
      this.clients.set(cfg.code.toUpperCase(), { cfg, client: new SnapClient(cfg, opts) });
  }

  private bank(code: string) {
    const entry = this.clients.get(code.toUpperCase());
    if (!entry)
      throw new BankFailure(`Bank ${code} is not configured for inquiry`, 'not-configured');
    return entry;
  }

  async inquiryVa(query: VaInquiry): Promise<InquiryOutcome> {
    const { client } = this.bank(query.bank);
    const partnerServiceId = query.partnerServiceId.padStart(8, ' ');
    const answer = await client.call('/v1.0/transfer-va/status', {
      partnerServiceId,
      customerNo: query.customerNo,
      virtualAccountNo: `${partnerServiceId}${query.customerNo}`,
      inquiryRequestId: randomUUID(),
    });
    if (answer.body.responseCode !== '2002600') throw client.rejected('inquiry', answer);
    const data = (answer.body.virtualAccountData ?? {}) as Record<string, unknown>;
    const flag = String(data.paymentFlagStatus ?? '');
    if (flag === SNAP_VA_FLAG.PAID) {
      const names = {
        virtualAccountNo: textOf(data.virtualAccountNo),
        partnerServiceId: textOf(data.partnerServiceId),
        customerNo: textOf(data.customerNo),
      };
      return {
        kind: 'paid',
        responseCode: '2002600',
        claimed: {
          names,
          paidAmount: amountText(data.paidAmount),
          paidAt: textOf(data.trxDateTime),
        },
      };
    }
    const flagReason = data.paymentFlagReason as
      { english?: string; indonesia?: string } | undefined;
    const reason = flagReason?.english ?? 'not paid';
    return {
      kind: 'unpaid',
      responseCode: '2002600',
      bankStatus: flag,
      reason,
      ...(flagReason?.indonesia ? { reasonId: flagReason.indonesia } : {}),
    };
  }

  async inquiryQris(query: QrisInquiry): Promise<InquiryOutcome> {
    const { cfg, client } = this.bank(query.bank);
    const answer: SnapAnswer = await client.call('/v1.0/qr/qr-mpm-query', {
      originalReferenceNo: query.referenceNo ?? '',
      originalPartnerReferenceNo: query.orderId,
      serviceCode: '47',
      merchantId: query.merchantId ?? cfg.merchantId ?? '',
    });
    if (answer.body.responseCode !== '2005100') throw client.rejected('inquiry', answer);
    const status = String(answer.body.latestTransactionStatus ?? '');
    if (status === SNAP_PAYMENT_STATUS.SUCCESS) {
      const { body } = answer;
      const names = {
        referenceNo: textOf(body.originalReferenceNo),
        partnerReferenceNo: textOf(body.originalPartnerReferenceNo),
      };
      return {
        kind: 'paid',
        responseCode: '2005100',
        claimed: { names, paidAmount: amountText(body.amount), paidAt: textOf(body.paidTime) },
      };
    }
    if (status === SNAP_PAYMENT_STATUS.NOT_FOUND)
      throw new BankFailure(
        `Bank ${cfg.code}: transaction not found (latestTransactionStatus ${status})`,
        'rejected',
        '2005100',
      );
    return {
      kind: 'unpaid',
      responseCode: '2005100',
      bankStatus: status,
      reason: SNAP_PAYMENT_STATUS_WORDS[status as SnapPaymentStatus] ?? `status ${status}`,
    };
  }
}
