/**
 * Realistic synthetic VA / QRIS transactions (deterministic for a seed), for the demo data,
 * the bulk generator (bench/generate.ts) and tests. The last digit of a VA customer number
 * or a QRIS order id tells the bank simulator what to answer (@tagih/contract/demo-bank).
 */
import { BANKS, businessDate, plainMinor, TRX_STATUS } from '@tagih/contract';
import { demoPartnerServiceId, digitFor, type Outcome } from '@tagih/contract/demo-bank';
import { dayStartUtc } from '../../business-time.ts';
import type { NewNotification, NewTransaction } from './bulk-transactions.ts';

export interface SyntheticOptions {
  type: 'VA' | 'QRIS';
  compId: number;
  clntId: number;
  count: number;
  /** Spread over the last `days` days and today. */
  days: number;
  now: Date;
  timeZone: string;
  seed: number;
  /** Prefix of order ids, unique per company and run. */
  orderPrefix: string;
  /** Statuses each present this many times today, first (demo: every status visible today). */
  todayEach?: number;
  callbackUrl?: string | null;
}

const NAMES = [
  'Budi Santoso',
  'Siti Rahayu',
  'Agus Wijaya',
  'Dewi Lestari',
  'Rudi Hartono',
  'Sri Wahyuni',
  'Andi Pratama',
  'Rina Kusuma',
  'Joko Susilo',
  'Maya Sari',
  'Hendra Gunawan',
  'Putri Ayu',
  'Bayu Saputra',
  'Indah Permata',
  'Fajar Nugroho',
  'Wulan Dari',
];
const { UNPAID, PAID, EXPIRED } = TRX_STATUS;
const STATUSES = [UNPAID, PAID, EXPIRED] as const;
/** What an unpaid transaction's bank will say: mostly paid, so Inquiry visibly changes things. */
const UNPAID_OUTCOMES: Outcome[] = [
  'paid',
  'paid',
  'paid',
  'paid',
  'unpaid',
  'unpaid',
  'canceled',
  'not-found',
  'bank-error',
  'slow',
];
const DAY_MS = 86_400_000;
const PAID_JSON = JSON.stringify(PAID);

/** mulberry32: small, fast, deterministic. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Two and three digits, zero-padded ('00'…'99', '000'…'999'): the time of day of an ISO instant. */
const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * `new Date(ms).toISOString()` for whole milliseconds in years 0–9999, without a Date per call:
 * the bulk generator makes several instants per transaction, and formatting them was a large
 * share of its row-making time (bench/README.md). The day's `YYYY-MM-DDT` is made once per day by the real toISOString.
 */
function isoFormatter(): (ms: number) => string {
  const days = new Map<number, string>();
  return (ms) => {
    const day = Math.floor(ms / DAY_MS);
    let prefix = days.get(day);
    if (prefix === undefined) {
      prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
      days.set(day, prefix);
    }
    const inDay = ms - day * DAY_MS;
    const seconds = Math.floor(inDay / 1000);
    return `${prefix}${PAD2[Math.floor(seconds / 3600)]}:${PAD2[Math.floor(seconds / 60) % 60]}:${PAD2[seconds % 60]}.${PAD3[inDay % 1000]}Z`;
  };
}

const RESPONSE_BODY_OK = JSON.stringify('{"ok":true}');
const RESPONSE_BODY_FAILING = JSON.stringify('{"ok":false,"error":"merchant is failing"}');

/**
 * One delivery attempt's stored request and response, as `JSON.stringify` writes
 * `{ url, method: 'POST', headers: { content-type, user-agent, x-tagih-signature }, body }` and
 * `{ error, latencyMs }` / `{ status, latencyMs, body }`, built from the pieces that stay the same
 * (the URL and the notification's body are serialized once): the JSON was a quarter of the bulk
 * generator's row-making time. `urlJson`/`bodyJson`: JSON.stringify of the URL and the body.
 */
function historyRow(
  urlJson: string,
  bodyJson: string,
  atMs: number,
  atIso: string,
  status: number | null,
  rand: () => number,
) {
  const request =
    `{"url":${urlJson},"method":"POST","headers":{"content-type":"application/json","user-agent":"Tagih-Webhook/1.0",` +
    `"x-tagih-signature":"t=${Math.floor(atMs / 1000)},v1=[redacted]"},"body":${bodyJson}}`;
  const latencyMs = 40 + Math.floor(rand() * 400);
  const response =
    status === null
      ? `{"error":"connect ECONNREFUSED","latencyMs":${latencyMs}}`
      : `{"status":${status},"latencyMs":${latencyMs},"body":${status < 300 ? RESPONSE_BODY_OK : RESPONSE_BODY_FAILING}}`;
  return { nohiRequest: request, nohiResponse: response, nohiCreatedTime: atIso };
}

export function* syntheticTransactions(o: SyntheticOptions): Generator<NewTransaction> {
  const rand = rng(o.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const todayStart = dayStartUtc(businessDate(o.now, o.timeZone), o.timeZone).getTime();
  const nowMs = o.now.getTime();
  const forcedToday = (o.todayEach ?? 0) * STATUSES.length;
  const urlJson = JSON.stringify(o.callbackUrl ?? 'https://merchant.example/callback');
  const iso = isoFormatter();
  // Looked up once, not per row (the same index into the same list as pick(UNPAID_OUTCOMES)).
  const unpaidDigits = UNPAID_OUTCOMES.map(digitFor);
  const partnerServiceIds = new Map(BANKS.map((b) => [b, demoPartnerServiceId(b)]));

  for (let i = 0; i < o.count; i++) {
    const today = i < forcedToday || rand() < 1 / (o.days + 1);
    const status =
      i < forcedToday
        ? STATUSES[i % STATUSES.length]!
        : pick([PAID, PAID, PAID, PAID, PAID, UNPAID, UNPAID, UNPAID, EXPIRED, EXPIRED] as const);
    const created = today
      ? todayStart + Math.floor(rand() * Math.max(1, nowMs - todayStart))
      : todayStart - Math.floor(1 + rand() * o.days) * DAY_MS + Math.floor(rand() * DAY_MS);
    const expiryMs = status === EXPIRED ? 15 * 60_000 : o.type === 'VA' ? 30 * DAY_MS : 2 * DAY_MS;
    const digit = status === UNPAID ? pick(unpaidDigits) : String(Math.floor(rand() * 10));
    const bank = BANKS[i % BANKS.length]!;
    const amount = (10 + Math.floor(rand() * 4990)) * 1000 * 100 + (rand() < 0.2 ? 50 : 0);
    const lunas =
      status === PAID
        ? created + Math.floor(rand() * Math.min(expiryMs, Math.max(1, nowMs - created)))
        : null;
    const name = pick(NAMES);
    const orderId = `${o.orderPrefix}-${String(i + 1).padStart(7, '0')}${digit}`;
    const createdIso = iso(created);
    const base = {
      trctType: o.type,
      trctCompId: o.compId,
      trctClntId: o.clntId,
      trctOrderId: orderId,
      trctStatus: status,
      trctTotalAmountPaid: lunas === null ? null : amount,
      trctCreatedTime: createdIso,
      trctLunasTime: lunas === null ? null : iso(lunas),
      trctUpdatedTime: iso(lunas ?? created),
    };
    const item: NewTransaction = o.type === 'VA' ? vaItem() : qrItem();
    if (lunas !== null) item.notification = notification(lunas, orderId, amount);
    yield item;

    function vaItem(): NewTransaction {
      const partnerServiceId = partnerServiceIds.get(bank)!;
      const customerNo = `08${String(o.compId).padStart(2, '0')}${String(Math.floor(rand() * 1e7)).padStart(7, '0')}${digit}`;
      const vaNo = `${partnerServiceId.trim()}${customerNo}`;
      const withOwn = rand() < 0.8; // the rest show the trva fallbacks
      return {
        transaction: {
          ...base,
          trctBank: bank,
          trctVirtualAccountNo: withOwn ? vaNo : null,
          trctVirtualAccountName: withOwn ? name : null,
          trctQrName: null,
          trctQrBank: null,
          trctTotalAmount: amount,
        },
        va: {
          trvaPartnerServiceId: partnerServiceId,
          trvaCustomerNo: customerNo,
          trvaVirtualAccountNo: vaNo,
          trvaVirtualAccountName: name,
          trvaExpiredDate: iso(created + expiryMs),
        },
      };
    }
    function qrItem(): NewTransaction {
      const withOwn = rand() < 0.8;
      return {
        transaction: {
          ...base,
          trctBank: withOwn ? bank : null,
          trctVirtualAccountNo: null,
          trctVirtualAccountName: null,
          trctQrName: name,
          trctQrBank: bank,
          trctTotalAmount: withOwn ? amount : null,
        },
        qr: {
          trqrReferenceNo: String(Math.floor(rand() * 1e12)).padStart(12, '0'),
          trqrMerchantId: `${bank.toUpperCase().slice(0, 3)}-MID-0001`,
          trqrTotalAmount: amount,
          trqrCreatedTime: createdIso,
          trqrExpiredDate: iso(created + expiryMs),
        },
      };
    }
    function notification(paidAt: number, order: string, minor: number): NewNotification {
      const plain = plainMinor(minor);
      // JSON.stringify({ event: 'payment.paid', orderId: order, channel: o.type, bank, amount: plain, paidAmount: plain, status: PAID }), written out.
      const bodyJson =
        `{"event":"payment.paid","orderId":${JSON.stringify(order)},"channel":${JSON.stringify(o.type)},"bank":${JSON.stringify(bank)},` +
        `"amount":"${plain}","paidAmount":"${plain}","status":${PAID_JSON}}`;
      const delivered = rand() < 0.75;
      const failures = delivered ? Math.floor(rand() * 2) : 2 + Math.floor(rand() * 3);
      const history = [];
      let at = paidAt + 1000;
      for (let k = 0; k < failures; k++) {
        const attempt = Math.min(at, nowMs);
        history.push(
          historyRow(urlJson, bodyJson, attempt, iso(attempt), rand() < 0.5 ? 500 : null, rand),
        );
        at += [1, 5, 15, 60, 360][k]! * 60_000;
      }
      if (delivered) {
        const attempt = Math.min(at, nowMs);
        history.push(historyRow(urlJson, bodyJson, attempt, iso(attempt), 200, rand));
      }
      // Pending ones wait for a later retry (or were given up), so the demo keeps some pending.
      const next = delivered
        ? null
        : rand() < 0.5
          ? null
          : iso(nowMs + (6 + Math.floor(rand() * 18)) * 3600_000);
      return {
        notiStatus: delivered ? 2 : 1,
        notiAttempts: history.length,
        notiNextAttemptAt: next,
        notiCreatedTime: iso(paidAt),
        history,
      };
    }
  }
}
