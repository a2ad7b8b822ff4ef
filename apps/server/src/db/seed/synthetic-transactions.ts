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

const NAMES = ['Budi Santoso', 'Siti Rahayu', 'Agus Wijaya', 'Dewi Lestari', 'Rudi Hartono', 'Sri Wahyuni', 'Andi Pratama', 'Rina Kusuma',
  'Joko Susilo', 'Maya Sari', 'Hendra Gunawan', 'Putri Ayu', 'Bayu Saputra', 'Indah Permata', 'Fajar Nugroho', 'Wulan Dari'];
const { UNPAID, PAID, EXPIRED } = TRX_STATUS;
const STATUSES = [UNPAID, PAID, EXPIRED] as const;
/** What an unpaid transaction's bank will say: mostly paid, so Inquiry visibly changes things. */
const UNPAID_OUTCOMES: Outcome[] = ['paid', 'paid', 'paid', 'paid', 'unpaid', 'unpaid', 'canceled', 'not-found', 'bank-error', 'slow'];
const DAY_MS = 86_400_000;

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

function historyRow(url: string, body: Record<string, unknown>, at: Date, status: number | null, rand: () => number) {
  const request = { url, method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Tagih-Webhook/1.0', 'x-tagih-signature': `t=${Math.floor(at.getTime() / 1000)},v1=[redacted]` }, body };
  const latencyMs = 40 + Math.floor(rand() * 400);
  const response = status === null
    ? { error: 'connect ECONNREFUSED', latencyMs }
    : { status, latencyMs, body: status < 300 ? '{"ok":true}' : '{"ok":false,"error":"merchant is failing"}' };
  return { nohiRequest: JSON.stringify(request), nohiResponse: JSON.stringify(response), nohiCreatedTime: at.toISOString() };
}

export function* syntheticTransactions(o: SyntheticOptions): Generator<NewTransaction> {
  const rand = rng(o.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const todayStart = dayStartUtc(businessDate(o.now, o.timeZone), o.timeZone).getTime();
  const nowMs = o.now.getTime();
  const forcedToday = (o.todayEach ?? 0) * STATUSES.length;
  const url = o.callbackUrl ?? 'https://merchant.example/callback';

  for (let i = 0; i < o.count; i++) {
    const today = i < forcedToday || rand() < 1 / (o.days + 1);
    const status = i < forcedToday ? STATUSES[i % STATUSES.length]! : pick([PAID, PAID, PAID, PAID, PAID, UNPAID, UNPAID, UNPAID, EXPIRED, EXPIRED] as const);
    const created = today
      ? todayStart + Math.floor(rand() * Math.max(1, nowMs - todayStart))
      : todayStart - Math.floor(1 + rand() * o.days) * DAY_MS + Math.floor(rand() * DAY_MS);
    const expiryMs = status === EXPIRED ? 15 * 60_000 : o.type === 'VA' ? 30 * DAY_MS : 2 * DAY_MS;
    const digit = status === UNPAID ? digitFor(pick(UNPAID_OUTCOMES)) : String(Math.floor(rand() * 10));
    const bank = BANKS[i % BANKS.length]!;
    const amount = (10 + Math.floor(rand() * 4990)) * 1000 * 100 + (rand() < 0.2 ? 50 : 0);
    const lunas = status === PAID ? created + Math.floor(rand() * Math.min(expiryMs, Math.max(1, nowMs - created))) : null;
    const name = pick(NAMES);
    const orderId = `${o.orderPrefix}-${String(i + 1).padStart(7, '0')}${digit}`;
    const createdIso = new Date(created).toISOString();
    const base = {
      trctType: o.type, trctCompId: o.compId, trctClntId: o.clntId, trctOrderId: orderId, trctStatus: status,
      trctTotalAmountPaid: lunas === null ? null : amount, trctCreatedTime: createdIso,
      trctLunasTime: lunas === null ? null : new Date(lunas).toISOString(), trctUpdatedTime: new Date(lunas ?? created).toISOString(),
    };
    const item: NewTransaction = o.type === 'VA' ? vaItem() : qrItem();
    if (lunas !== null) item.notification = notification(lunas, orderId, amount);
    yield item;

    function vaItem(): NewTransaction {
      const partnerServiceId = demoPartnerServiceId(bank);
      const customerNo = `08${String(o.compId).padStart(2, '0')}${String(Math.floor(rand() * 1e7)).padStart(7, '0')}${digit}`;
      const vaNo = `${partnerServiceId.trim()}${customerNo}`;
      const withOwn = rand() < 0.8; // the rest show the trva fallbacks
      return {
        transaction: { ...base, trctBank: bank, trctVirtualAccountNo: withOwn ? vaNo : null, trctVirtualAccountName: withOwn ? name : null, trctQrName: null, trctQrBank: null, trctTotalAmount: amount },
        va: { trvaPartnerServiceId: partnerServiceId, trvaCustomerNo: customerNo, trvaVirtualAccountNo: vaNo, trvaVirtualAccountName: name, trvaExpiredDate: new Date(created + expiryMs).toISOString() },
      };
    }
    function qrItem(): NewTransaction {
      const withOwn = rand() < 0.8;
      return {
        transaction: { ...base, trctBank: withOwn ? bank : null, trctVirtualAccountNo: null, trctVirtualAccountName: null, trctQrName: name, trctQrBank: bank, trctTotalAmount: withOwn ? amount : null },
        qr: { trqrReferenceNo: String(Math.floor(rand() * 1e12)).padStart(12, '0'), trqrMerchantId: `${bank.toUpperCase().slice(0, 3)}-MID-0001`, trqrTotalAmount: amount, trqrCreatedTime: createdIso, trqrExpiredDate: new Date(created + expiryMs).toISOString() },
      };
    }
    function notification(paidAt: number, order: string, minor: number): NewNotification {
      const body = { event: 'payment.paid', orderId: order, channel: o.type, bank, amount: plainMinor(minor), paidAmount: plainMinor(minor), status: PAID };
      const delivered = rand() < 0.75;
      const failures = delivered ? Math.floor(rand() * 2) : 2 + Math.floor(rand() * 3);
      const history = [];
      let at = paidAt + 1000;
      for (let k = 0; k < failures; k++) {
        history.push(historyRow(url, body, new Date(Math.min(at, nowMs)), rand() < 0.5 ? 500 : null, rand));
        at += [1, 5, 15, 60, 360][k]! * 60_000;
      }
      if (delivered) history.push(historyRow(url, body, new Date(Math.min(at, nowMs)), 200, rand));
      // Pending ones wait for a later retry (or were given up), so the demo keeps some pending.
      const next = delivered ? null : rand() < 0.5 ? null : new Date(nowMs + (6 + Math.floor(rand() * 18)) * 3600_000).toISOString();
      return { notiStatus: delivered ? 2 : 1, notiAttempts: history.length, notiNextAttemptAt: next, notiCreatedTime: new Date(paidAt).toISOString(), history };
    }
  }
}
