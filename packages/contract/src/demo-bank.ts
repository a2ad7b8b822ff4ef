/**
 * What the demo data and the bank simulator agree on (apps/bank-sim/README.md): each demo
 * bank's partner service id, and the outcome the last digit of a VA customer number or a
 * QRIS order id asks the simulated bank for.
 */
export type Outcome =
  'paid' | 'unpaid' | 'canceled' | 'failed' | 'not-found' | 'bank-error' | 'slow';

const BY_DIGIT: Record<string, Outcome> = {
  '0': 'unpaid',
  '1': 'paid',
  '2': 'paid',
  '3': 'paid',
  '4': 'unpaid',
  '5': 'canceled',
  '6': 'failed',
  '7': 'not-found',
  '8': 'bank-error',
  '9': 'slow',
};

export function outcomeOf(key: string): Outcome {
  return BY_DIGIT[key.trim().slice(-1)] ?? 'not-found';
}

/** A last digit giving `outcome` (for building demo and test data). */
export function digitFor(outcome: Outcome): string {
  return Object.entries(BY_DIGIT).find(([, o]) => o === outcome)![0];
}

/** Partner service ids (8 characters, space-padded) of the demo banks, by bank code. */
export const DEMO_PARTNER_SERVICE_IDS: Readonly<Record<string, string>> = {
  BRI: '   77001',
  BJB: '   88002',
  Mandiri: '   89003',
};

/** The partner service id the demo uses for a bank code (any case). */
export function demoPartnerServiceId(code: string): string {
  const found = Object.entries(DEMO_PARTNER_SERVICE_IDS).find(
    ([bank]) => bank.toLowerCase() === code.toLowerCase(),
  );
  return found?.[1] ?? '   99999';
}

/**
 * The demo banks' statement accounts (the pooled account each bank credits our collections to):
 * the bank simulator serves their statements, the demo data seeds a Bank_Account for each.
 */
export const DEMO_BANK_ACCOUNTS: Readonly<Record<string, string>> = {
  BRI: '020601000777001',
  BJB: '0012345880002',
  Mandiri: '1230008900003',
};

/** A payment a demo bank booked: a VA paid or a QRIS payment it acquired (its statement's credit). */
export interface BookedPayment {
  /** The bank's code ('BRI'). */
  bank: string;
  channel: 'VA' | 'QRIS';
  /** The VA number (no padding) or the QRIS reference number. */
  identifier: string;
  amountMinor: number;
  /** ISO instant. */
  paidAt: string;
}

/** A VA bill not paid in Tagih's books by the end of a day. */
export interface OpenBill {
  bank: string;
  virtualAccountNo: string;
  amountMinor: number;
}

/**
 * Where the bank simulator learns what was paid, for its statements (demo: the server tells it
 * in-process, apps/bank-sim/README.md "Statements"; the simulator never opens the database).
 */
export interface BankBook {
  /** Payments of every demo bank paid in [start, end). */
  paidBetween(start: Date, end: Date): Promise<BookedPayment[]>;
  /** VA bills created before `start` and unpaid now, whose bank reports them paid (outcome digits 1–3). */
  unpaidDuring(start: Date, end: Date): Promise<OpenBill[]>;
}
