/**
 * Demo traffic: the simulators play a business day against Tagih, over the real signed /snap
 * endpoints only. On every tick (60 s / billsPerMinute) the next demo merchant in turn opens a bill
 * at a random bank (a VA through create-va, 7 in 10, or a dynamic QRIS through qr-mpm-generate);
 * four bills in five are paid 1 to 3 ticks later by that bank (transfer-va inquiry + payment, or
 * qr-mpm-notify), every fifth is given a short expiry and left for Tagih's expiry job. The last
 * merchant's callback endpoint fails now and then (3 ticks of every 12 in 'fail' mode on the
 * merchant receiver), so Tagih's retries show in Notifications. The turns and the fates are
 * counted, not drawn, so that a short run shows each case.
 */
import { randomInt } from 'node:crypto';
import { createBankPayer, type BankPayer } from './bank-payer.ts';
import { jakartaTimestamp } from './snap-verify.ts';
import {
  createTagihSnapClient,
  type SnapAnswer,
  type SnapPartnerCredentials,
  type TagihSnapClient,
} from './tagih-snap-client.ts';

/** A demo bank as the player needs it: where its VAs start, its QRIS merchant id, how it signs calls to Tagih. */
export interface TrafficBank {
  code: string;
  partnerServiceId: string;
  /** Tagih's QRIS merchant id at this bank (qr-mpm-generate names the acquirer by it). */
  merchantId: string;
  channelId: string;
  inbound: { clientId: string; privateKey: string; clientSecret: string };
}

/** A demo merchant with SNAP API access at Tagih. */
export interface TrafficMerchant {
  /** Its name on the merchant receiver (/callbacks/{callbackName}); in demo mode the client id. */
  callbackName: string;
  credentials: SnapPartnerCredentials;
}

export interface DemoTrafficOptions {
  /** Tagih's base URL (the server's own port; /snap lives there). */
  tagihUrl: string;
  banks: readonly TrafficBank[];
  merchants: readonly TrafficMerchant[];
  /** Bills opened per minute (DEMO_TRAFFIC). */
  billsPerMinute: number;
  /** The merchant receiver: the flaky merchant's mode is switched there (PUT /sim/callbacks/{name}/mode). */
  merchantSimUrl?: string;
  /** Every n-th bill is left to expire, the others are paid (default 5). */
  expireEvery?: number;
  /** Randomness (default Math.random); tests may pass a seeded one. */
  random?: () => number;
  /** An answer the player did not expect, or a call that failed (demo mode logs it as a warning). */
  report?: (problem: string) => void;
}

export interface DemoTrafficCounts {
  opened: number;
  paid: number;
  leftToExpire: number;
  problems: number;
}

export interface DemoTraffic {
  readonly counts: Readonly<DemoTrafficCounts>;
  /** Stops opening and paying bills, and waits for the calls under way. */
  stop(): Promise<void>;
}

/** The flaky merchant fails this many ticks of every FLAKY_CYCLE (about a quarter of the time). */
const FLAKY_CYCLE = 12;
const FLAKY_FAILING = 3;
/** A bill left to expire stops being payable this long after it opens: two ticks, at least 2 s (SNAP times have whole seconds). */
const EXPIRE_AFTER_TICKS = 2;
const MIN_EXPIRY_MS = 2_000;
/** How long a bill to be paid stays payable, at least. */
const PAYABLE_MS = 24 * 3_600_000;

const PAYERS = [
  'Andi Wijaya',
  'Sari Dewi',
  'Budi Santoso',
  'Rina Kartika',
  'Dimas Putra',
  'Wati Lestari',
  'Agus Salim',
  'Putri Ayu',
  'Hendra Gunawan',
  'Maya Sari',
];

interface PendingBill {
  kind: 'VA' | 'QRIS';
  bank: TrafficBank;
  payOnTick: number;
  virtualAccountNo?: string;
  referenceNo?: string;
  partnerReferenceNo?: string;
  amount?: { value: string; currency: string };
}

/** An amount a shop would bill: 10.000 to 2.500.000 rupiah in steps of 500. */
const amountOf = (random: () => number): string =>
  `${(10_000 + Math.floor(random() * 4_981) * 500).toFixed(0)}.00`;
const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.floor(random() * items.length)]!;

export function startDemoTraffic(o: DemoTrafficOptions): DemoTraffic {
  if (!(o.billsPerMinute > 0)) throw new Error('billsPerMinute must be above 0');
  if (o.banks.length === 0 || o.merchants.length === 0)
    throw new Error('demo traffic needs at least one bank and one merchant');
  const random = o.random ?? Math.random;
  const expireEvery = o.expireEvery ?? 5;
  const tickMs = 60_000 / o.billsPerMinute;
  const counts: DemoTrafficCounts = { opened: 0, paid: 0, leftToExpire: 0, problems: 0 };
  const inFlight = new Set<Promise<void>>();
  const pending: PendingBill[] = [];
  const merchantClients = new Map(
    o.merchants.map((m) => [m.callbackName, createTagihSnapClient(o.tagihUrl, m.credentials)]),
  );
  const bankClients = new Map<string, TagihSnapClient>(
    o.banks.map((b) => [
      b.code,
      createTagihSnapClient(o.tagihUrl, { ...b.inbound, channelId: b.channelId }),
    ]),
  );
  const payer: BankPayer = createBankPayer(o.tagihUrl, o.banks);
  // The last merchant of several is the flaky one (one merchant only: nobody fails).
  const flaky = o.merchants.length > 1 ? o.merchants[o.merchants.length - 1]! : null;
  let flakyMode: 'ok' | 'fail' = 'ok';
  const runId = `${Date.now().toString(36)}${randomInt(1_296).toString(36)}`.toUpperCase();
  let tick = 0;
  let stopped = false;

  const problem = (text: string) => {
    counts.problems += 1;
    o.report?.(text);
  };
  const expectCode = (what: string, answer: SnapAnswer, code: string): boolean => {
    if (answer.body.responseCode === code) return true;
    problem(
      `${what}: Tagih answered ${String(answer.body.responseCode ?? answer.status)} ${String(answer.body.responseMessage ?? '')}`.trim(),
    );
    return false;
  };

  const setFlakyMode = async (mode: 'ok' | 'fail') => {
    if (!flaky || !o.merchantSimUrl || mode === flakyMode) return;
    flakyMode = mode;
    const response = await fetch(
      `${o.merchantSimUrl}/sim/callbacks/${encodeURIComponent(flaky.callbackName)}/mode`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode }),
        signal: AbortSignal.timeout(5_000),
      },
    );
    if (!response.ok)
      problem(`the merchant receiver refused mode ${mode}: HTTP ${response.status}`);
  };

  const openBill = async (n: number) => {
    const merchant = o.merchants[n % o.merchants.length]!;
    const bank = pick(o.banks, random);
    const toPay = n % expireEvery !== 0;
    const value = amountOf(random);
    const orderId = `DEMO-${runId}-${n}`;
    // A bill to pay outlives its payment (4 ticks, at least a day); one left to expire ends soon.
    const expiry = jakartaTimestamp(
      new Date(
        Date.now() +
          (toPay
            ? Math.max(PAYABLE_MS, 4 * tickMs)
            : Math.max(MIN_EXPIRY_MS, EXPIRE_AFTER_TICKS * tickMs)),
      ),
    );
    const client = merchantClients.get(merchant.callbackName)!;
    const payOnTick = n + 1 + Math.floor(random() * 3);
    if (random() < 0.7) {
      const answer = await client.call('/snap/v1.0/transfer-va/create-va', {
        partnerServiceId: bank.partnerServiceId,
        virtualAccountName: pick(PAYERS, random),
        trxId: orderId,
        totalAmount: { value, currency: 'IDR' },
        virtualAccountTrxType: 'C',
        expiredDate: expiry,
      });
      if (!expectCode(`create-va ${orderId}`, answer, '2002700')) return;
      const data = answer.body.virtualAccountData as { virtualAccountNo: string };
      counts.opened += 1;
      if (toPay)
        pending.push({ kind: 'VA', bank, payOnTick, virtualAccountNo: data.virtualAccountNo });
      else counts.leftToExpire += 1;
      return;
    }
    const answer = await client.call('/snap/v1.0/qr/qr-mpm-generate', {
      partnerReferenceNo: orderId,
      amount: { value, currency: 'IDR' },
      merchantId: bank.merchantId,
      validityPeriod: expiry,
    });
    if (!expectCode(`qr-mpm-generate ${orderId}`, answer, '2004700')) return;
    counts.opened += 1;
    if (toPay)
      pending.push({
        kind: 'QRIS',
        bank,
        payOnTick,
        referenceNo: String(answer.body.referenceNo),
        partnerReferenceNo: orderId,
        amount: { value, currency: 'IDR' },
      });
    else counts.leftToExpire += 1;
  };

  const payBill = async (bill: PendingBill) => {
    if (bill.kind === 'VA') {
      const result = await payer.payVirtualAccount(bill.virtualAccountNo!);
      if (
        expectCode(
          `${bill.bank.code} paying VA ${bill.virtualAccountNo!.trim()}`,
          result.answer,
          result.step === 'payment' ? '2002500' : '2002400',
        ) &&
        result.paid
      )
        counts.paid += 1;
      return;
    }
    const answer = await bankClients.get(bill.bank.code)!.call('/snap/v1.0/qr/qr-mpm-notify', {
      originalReferenceNo: bill.referenceNo,
      originalPartnerReferenceNo: bill.partnerReferenceNo,
      latestTransactionStatus: '00',
      amount: bill.amount,
      paidTime: jakartaTimestamp(new Date()),
    });
    if (expectCode(`${bill.bank.code} paying QRIS ${bill.referenceNo!}`, answer, '2005200'))
      counts.paid += 1;
  };

  const play = async (n: number) => {
    await setFlakyMode(n % FLAKY_CYCLE < FLAKY_FAILING ? 'fail' : 'ok');
    const due = pending.filter((b) => b.payOnTick <= n);
    for (const bill of due) pending.splice(pending.indexOf(bill), 1);
    await Promise.all([openBill(n), ...due.map(payBill)]);
  };

  const timer = setInterval(() => {
    if (stopped) return;
    tick += 1;
    const work = play(tick).catch((error: unknown) =>
      problem(`demo traffic: ${(error as Error).message}`),
    );
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }, tickMs);

  return {
    counts,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
      // The flaky merchant answers again once the day is over.
      await setFlakyMode('ok').catch(() => undefined);
    },
  };
}
