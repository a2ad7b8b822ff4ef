/**
 * Whether a bank's "paid" may mark a bill paid: the bank must name this bill, report a
 * well-formed positive amount equal to the bill's total (every bill is closed: the data has no
 * open amounts), and a paid time between the bill's creation and a few minutes past our clock.
 * Pure: the callers (Inquiry's answer today, a payment the bank pushes tomorrow) bring the bill and
 * what the bank claimed, and write nothing when the verdict is a refusal.
 */
import { BANK_CLAIM_REFUSED as SAYS, formatDateTime } from '@tagih/contract';

/** How far past our clock a bank's paid time may lie (the two clocks drift apart a little). */
export const PAID_TIME_LEEWAY_MS = 5 * 60_000;

/** The largest whole-rupiah part we read: 13 digits keeps every amount exact in minor units. */
const AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;
/** ISO 8601 with its zone, extended ('2026-11-20T10:02:11+07:00') or basic ('20261120T100211Z', ASPI's sample). */
const EXTENDED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const BASIC_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}:?\d{2})$/;

export type BillIdentity =
  | { type: 'VA'; partnerServiceId: string; customerNo: string }
  | { type: 'QRIS'; orderId: string; referenceNo: string | null };

/** The bill as we hold it. */
export interface BillOnRecord {
  bank: string;
  identity: BillIdentity;
  /** The bill's total in minor units; null when it has none. */
  totalMinor: number | null;
  /** ISO instant. */
  createdAt: string;
}

/** What the bank claims, as it wrote it (null: it did not say). */
export interface ClaimedPayment {
  /** VA: `virtualAccountNo`, `partnerServiceId`, `customerNo`; QRIS: `referenceNo`, `partnerReferenceNo` (our order id). */
  names: {
    virtualAccountNo?: string | null;
    partnerServiceId?: string | null;
    customerNo?: string | null;
    referenceNo?: string | null;
    partnerReferenceNo?: string | null;
  };
  /** SNAP's text, e.g. '2707000.00'. */
  paidAmount: string | null;
  /** The bank's paid time; null: it gave none (then the time we learn of it). */
  paidAt: string | null;
}

export type RefusalReason =
  | 'other-bill'
  | 'bill-not-named'
  | 'amount-malformed'
  | 'amount-missing'
  | 'amount-not-positive'
  | 'amount-mismatch'
  | 'bill-without-total'
  | 'paid-time-unreadable'
  | 'paid-time-future'
  | 'paid-time-before-bill';

export type PaymentVerdict =
  | { accepted: true; paidMinor: number; paidAt: string }
  | { accepted: false; reason: RefusalReason; message: string };

export interface JudgeContext {
  now: Date;
  /** The zone operators read times in (BUSINESS_TZ). */
  timeZone: string;
}

const present = (text: string | null | undefined): text is string =>
  typeof text === 'string' && text.trim() !== '';
const refuse = (reason: RefusalReason, message: string): PaymentVerdict => ({
  accepted: false,
  reason,
  message,
});

/** '2707000.00' -> minor units; null unless digits with at most 2 decimals (no sign, no exponent, no spaces). */
export function strictAmountMinor(text: string): number | null {
  const m = AMOUNT.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** An ISO time with its zone -> epoch ms; null for anything else (a time without a zone is ambiguous). */
export function strictInstant(text: string): number | null {
  const basic = BASIC_TIME.exec(text);
  const extended = basic
    ? `${basic[1]}-${basic[2]}-${basic[3]}T${basic[4]}:${basic[5]}:${basic[6]}${basic[7]!.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`
    : text;
  if (!EXTENDED_TIME.test(extended)) return null;
  const ms = Date.parse(extended);
  return Number.isNaN(ms) ? null : ms;
}

function identityRefusal(
  bill: BillOnRecord,
  names: ClaimedPayment['names'],
): PaymentVerdict | null {
  const { identity } = bill;
  if (identity.type === 'VA') {
    const ours = `${identity.partnerServiceId.trim()}${identity.customerNo.trim()}`;
    const { virtualAccountNo, partnerServiceId, customerNo } = names;
    if (!present(virtualAccountNo) && !(present(partnerServiceId) && present(customerNo)))
      return refuse('bill-not-named', SAYS.vaNotNamed(bill.bank));
    // SNAP pads partnerServiceId with spaces (in virtualAccountNo too); some banks drop the padding.
    const otherNumber = present(virtualAccountNo) && virtualAccountNo.replace(/ /g, '') !== ours;
    const otherParts =
      (present(partnerServiceId) && partnerServiceId.trim() !== identity.partnerServiceId.trim()) ||
      (present(customerNo) && customerNo.trim() !== identity.customerNo.trim());
    if (!otherNumber && !otherParts) return null;
    const claimed = otherNumber
      ? virtualAccountNo!
      : `${(partnerServiceId ?? '').trim()}${(customerNo ?? '').trim()}`;
    return refuse('other-bill', SAYS.otherVa(bill.bank, claimed, ours));
  }
  const { referenceNo, partnerReferenceNo } = names;
  // A reference the bank gives for a bill whose reference we never learnt cannot be compared: the order id then decides.
  const compared: { claimed: string; ours: string }[] = [];
  if (present(partnerReferenceNo))
    compared.push({ claimed: partnerReferenceNo, ours: identity.orderId });
  if (present(referenceNo) && identity.referenceNo !== null)
    compared.push({ claimed: referenceNo, ours: identity.referenceNo });
  if (compared.length === 0) return refuse('bill-not-named', SAYS.qrisNotNamed(bill.bank));
  const other = compared.find((c) => c.claimed.trim() !== c.ours);
  return other
    ? refuse('other-bill', SAYS.otherQrisReference(bill.bank, other.claimed, other.ours))
    : null;
}

function amountVerdict(
  bill: BillOnRecord,
  text: string | null,
): { paidMinor: number } | PaymentVerdict {
  if (text === null) return refuse('amount-missing', SAYS.amountMissing(bill.bank));
  const paidMinor = strictAmountMinor(text);
  if (paidMinor === null) return refuse('amount-malformed', SAYS.amountMalformed(bill.bank, text));
  if (paidMinor <= 0)
    return refuse('amount-not-positive', SAYS.amountNotPositive(bill.bank, paidMinor));
  if (bill.totalMinor === null)
    return refuse('bill-without-total', SAYS.billWithoutTotal(bill.bank, paidMinor));
  if (paidMinor !== bill.totalMinor)
    return refuse('amount-mismatch', SAYS.amountMismatch(bill.bank, paidMinor, bill.totalMinor));
  return { paidMinor };
}

function timeVerdict(
  bill: BillOnRecord,
  text: string | null,
  ctx: JudgeContext,
): { paidAt: string } | PaymentVerdict {
  if (text === null) return { paidAt: ctx.now.toISOString() };
  const ms = strictInstant(text);
  if (ms === null) return refuse('paid-time-unreadable', SAYS.paidTimeUnreadable(bill.bank, text));
  const shown = (at: number) => formatDateTime(new Date(at).toISOString(), ctx.timeZone);
  if (ms > ctx.now.getTime() + PAID_TIME_LEEWAY_MS)
    return refuse(
      'paid-time-future',
      SAYS.paidTimeFuture(bill.bank, shown(ms), shown(ctx.now.getTime())),
    );
  // The bank writes whole seconds: a payment in the bill's first second is not before it.
  const created = Math.floor(Date.parse(bill.createdAt) / 1000) * 1000;
  if (ms < created)
    return refuse(
      'paid-time-before-bill',
      SAYS.paidTimeBeforeBill(bill.bank, shown(ms), shown(Date.parse(bill.createdAt))),
    );
  return { paidAt: new Date(ms).toISOString() };
}

/** Accepts the bank's "paid" with the exact amount and time to book, or refuses it with the reason in the operator's words. */
export function judgePaidClaim(
  bill: BillOnRecord,
  claim: ClaimedPayment,
  ctx: JudgeContext,
): PaymentVerdict {
  const identity = identityRefusal(bill, claim.names);
  if (identity) return identity;
  const amount = amountVerdict(bill, claim.paidAmount);
  if ('accepted' in amount) return amount;
  const time = timeVerdict(bill, claim.paidAt, ctx);
  if ('accepted' in time) return time;
  return { accepted: true, paidMinor: amount.paidMinor, paidAt: time.paidAt };
}

/** The longest text of a claim kept in a record: a bank's answer may be up to 1 MB. */
const RECORDED_TEXT_MAX = 100;

/** The claim as the audit trail keeps it: each text cut to RECORDED_TEXT_MAX (the verdict was made on the whole text). */
export function claimForTheRecord(claim: ClaimedPayment): ClaimedPayment {
  const cut = (text: string | null | undefined) =>
    typeof text === 'string' && text.length > RECORDED_TEXT_MAX
      ? `${text.slice(0, RECORDED_TEXT_MAX)}…`
      : (text ?? null);
  const names = Object.fromEntries(
    Object.entries(claim.names).map(([key, text]) => [key, cut(text)]),
  );
  return { names, paidAmount: cut(claim.paidAmount), paidAt: cut(claim.paidAt) };
}
