/**
 * A demo bank's teller: the payer typed a VA number, the bank asks Tagih for the bill (service
 * 24) and reports the payment of its total (service 25), both over signed SNAP calls.
 */
import { randomUUID } from 'node:crypto';
import type { DemoBank } from './demo-banks.ts';
import { jakartaTimestamp } from './snap-verify.ts';
import {
  createTagihSnapClient,
  type SnapAnswer,
  type TagihSnapClient,
} from './tagih-snap-client.ts';

export interface PaymentResult {
  /** True when Tagih booked the payment (`2002500`), also when it answers a retry of it. */
  paid: boolean;
  bank: string;
  virtualAccountNo: string;
  /** The step that answered last and what it said. */
  step: 'inquiry' | 'payment';
  answer: SnapAnswer;
}

export interface BankPayer {
  /** Pays the whole bill of a VA number, typed with or without its padding spaces. */
  payVirtualAccount(typed: string): Promise<PaymentResult>;
}

type PayingBank = Pick<DemoBank, 'code' | 'partnerServiceId' | 'channelId'> & {
  inbound: Pick<DemoBank['inbound'], 'clientId' | 'privateKey' | 'clientSecret'>;
};

/** The bank whose partner service id starts the typed number, and the customer number after it. */
export function splitVirtualAccount<B extends Pick<DemoBank, 'partnerServiceId'>>(
  banks: readonly B[],
  typed: string,
): { bank: B; customerNo: string } | null {
  const digits = typed.trim();
  for (const bank of banks) {
    const prefix = bank.partnerServiceId.trim();
    if (digits.startsWith(prefix) && digits.length > prefix.length)
      return { bank, customerNo: digits.slice(prefix.length) };
  }
  return null;
}

/** `now`: the bank's clock (default the system clock; tests pass the server's). */
export function createBankPayer(
  tagihUrl: string,
  banks: readonly PayingBank[],
  now: () => Date = () => new Date(),
): BankPayer {
  const clients = new Map<string, TagihSnapClient>();
  const clientOf = (bank: PayingBank) => {
    let client = clients.get(bank.code);
    if (!client) {
      client = createTagihSnapClient(tagihUrl, { ...bank.inbound, channelId: bank.channelId }, now);
      clients.set(bank.code, client);
    }
    return client;
  };

  return {
    async payVirtualAccount(typed) {
      const split = splitVirtualAccount(banks, typed);
      if (!split)
        throw new Error(
          `No demo bank issues VA ${typed.trim()}: it must start with ${banks.map((b) => b.partnerServiceId.trim()).join(', ')}`,
        );
      const { bank, customerNo } = split;
      const identity = {
        partnerServiceId: bank.partnerServiceId,
        customerNo,
        virtualAccountNo: `${bank.partnerServiceId}${customerNo}`,
      };
      const client = clientOf(bank);
      const inquiry = await client.call('/snap/v1.0/transfer-va/inquiry', {
        ...identity,
        inquiryRequestId: randomUUID(),
      });
      const bill = inquiry.body.virtualAccountData as Record<string, unknown> | undefined;
      if (inquiry.body.responseCode !== '2002400' || !bill)
        return {
          paid: false,
          bank: bank.code,
          virtualAccountNo: identity.virtualAccountNo,
          step: 'inquiry',
          answer: inquiry,
        };
      const payment = await client.call('/snap/v1.0/transfer-va/payment', {
        ...identity,
        virtualAccountName: bill.virtualAccountName,
        paymentRequestId: randomUUID(),
        paidAmount: bill.totalAmount,
        totalAmount: bill.totalAmount,
        trxDateTime: jakartaTimestamp(now()),
        referenceNo: `${bank.code.toUpperCase()}${Date.now()}`,
        flagAdvise: 'N',
      });
      return {
        paid: payment.body.responseCode === '2002500',
        bank: bank.code,
        virtualAccountNo: identity.virtualAccountNo,
        step: 'payment',
        answer: payment,
      };
    },
  };
}
