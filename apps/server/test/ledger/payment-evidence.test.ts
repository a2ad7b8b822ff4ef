/** The payment-evidence rule alone: which "paid" claims may mark a bill paid, and what a refusal says. */
import { describe, expect, it } from 'vitest';
import {
  PAID_TIME_LEEWAY_MS,
  claimForTheRecord,
  judgePaidClaim,
  strictAmountMinor,
  strictInstant,
  type BillOnRecord,
  type ClaimedPayment,
} from '../../src/modules/ledger/payment-evidence.ts';

const created = '2026-11-20T03:00:00.250Z';
const ctx = { now: new Date('2026-11-20T04:00:00.000Z'), timeZone: 'Asia/Jakarta' };
const va: BillOnRecord = {
  bank: 'BRI',
  identity: { type: 'VA', partnerServiceId: '   77001', customerNo: '081200000001' },
  totalMinor: 270_700_000,
  createdAt: created,
};
const qris: BillOnRecord = {
  bank: 'BJB',
  identity: { type: 'QRIS', orderId: 'INV-9', referenceNo: 'REF-9' },
  totalMinor: 9_900,
  createdAt: created,
};
const vaClaim = (change: Partial<ClaimedPayment> = {}): ClaimedPayment => ({
  names: {
    partnerServiceId: '   77001',
    customerNo: '081200000001',
    virtualAccountNo: '   77001081200000001',
  },
  paidAmount: '2707000.00',
  paidAt: '2026-11-20T10:30:00+07:00',
  ...change,
});
const qrClaim = (change: Partial<ClaimedPayment> = {}): ClaimedPayment => ({
  names: { referenceNo: 'REF-9', partnerReferenceNo: 'INV-9' },
  paidAmount: '99.00',
  paidAt: '20261120T033000Z',
  ...change,
});
const refusal = (bill: BillOnRecord, claim: ClaimedPayment) => {
  const verdict = judgePaidClaim(bill, claim, ctx);
  if (verdict.accepted) throw new Error('accepted');
  return [verdict.reason, verdict.message];
};

describe('payment evidence', () => {
  it('accepts a claim that names the bill, pays its total exactly and was paid during its life, with the exact values', () => {
    expect(judgePaidClaim(va, vaClaim(), ctx)).toEqual({
      accepted: true,
      paidMinor: 270_700_000,
      paidAt: '2026-11-20T03:30:00.000Z',
    });
    // SNAP's padding dropped; only the VA number; the amount without decimals
    expect(
      judgePaidClaim(
        va,
        vaClaim({ names: { virtualAccountNo: '77001081200000001' }, paidAmount: '2707000' }),
        ctx,
      ),
    ).toMatchObject({ accepted: true, paidMinor: 270_700_000 });
    expect(judgePaidClaim(qris, qrClaim(), ctx)).toEqual({
      accepted: true,
      paidMinor: 9_900,
      paidAt: '2026-11-20T03:30:00.000Z',
    });
  });

  it('books the time we learn of it when the bank gives no paid time', () => {
    expect(judgePaidClaim(va, vaClaim({ paidAt: null }), ctx)).toMatchObject({
      accepted: true,
      paidAt: ctx.now.toISOString(),
    });
  });

  it('refuses another VA, by its number or by its parts, and a claim that names none', () => {
    expect(refusal(va, vaClaim({ names: { virtualAccountNo: '   77001081200000002' } }))).toEqual([
      'other-bill',
      'BRI reports a payment to VA "   77001081200000002", not to this bill\'s VA 77001081200000001',
    ]);
    expect(
      refusal(va, vaClaim({ names: { ...vaClaim().names, customerNo: '081200000002' } }))[0],
    ).toBe('other-bill');
    expect(
      refusal(va, vaClaim({ names: { partnerServiceId: '   88002', customerNo: '081200000001' } })),
    ).toEqual([
      'other-bill',
      'BRI reports a payment to VA "88002081200000001", not to this bill\'s VA 77001081200000001',
    ]);
    expect(refusal(va, vaClaim({ names: { customerNo: '081200000001' } }))).toEqual([
      'bill-not-named',
      'BRI reports a payment without naming the VA number',
    ]);
  });

  it('refuses another QRIS reference or order, and a claim that names neither', () => {
    expect(
      refusal(qris, qrClaim({ names: { referenceNo: 'REF-8', partnerReferenceNo: 'INV-9' } })),
    ).toEqual(['other-bill', 'BJB reports a payment for "REF-8", not for this bill\'s REF-9']);
    expect(refusal(qris, qrClaim({ names: { partnerReferenceNo: 'INV-8' } }))[0]).toBe(
      'other-bill',
    );
    expect(
      refusal(qris, qrClaim({ names: { referenceNo: '', partnerReferenceNo: null } }))[0],
    ).toBe('bill-not-named');
    // a reference we never learnt cannot be compared: the order id decides
    expect(
      judgePaidClaim(
        { ...qris, identity: { type: 'QRIS', orderId: 'INV-9', referenceNo: null } },
        qrClaim({ names: { referenceNo: 'REF-X', partnerReferenceNo: 'INV-9' } }),
        ctx,
      ).accepted,
    ).toBe(true);
  });

  it("refuses an amount other than the total, in the screens' number format", () => {
    expect(refusal(va, vaClaim({ paidAmount: '1.00' }))).toEqual([
      'amount-mismatch',
      'BRI reports 1,00 paid for a bill of 2.707.000,00',
    ]);
    expect(refusal(va, vaClaim({ paidAmount: '2707000.01' }))[0]).toBe('amount-mismatch');
    expect(refusal(va, vaClaim({ paidAmount: '0.00' }))).toEqual([
      'amount-not-positive',
      'BRI reports 0,00 paid; a payment is more than 0,00',
    ]);
    expect(refusal({ ...va, totalMinor: null }, vaClaim())).toEqual([
      'bill-without-total',
      'BRI reports 2.707.000,00 paid, but the bill has no total to compare it with',
    ]);
    expect(refusal(va, vaClaim({ paidAmount: null }))[0]).toBe('amount-missing');
  });

  it.each([
    '-2707000.00',
    '+2707000.00',
    '2707000.000',
    '2.707e6',
    ' 2707000.00',
    '2,707,000.00',
    '99999999999999.00',
    'NaN',
    '',
    '{"value":1}',
  ])('refuses the malformed amount %j', (text) => {
    expect(strictAmountMinor(text)).toBeNull();
    expect(refusal(va, vaClaim({ paidAmount: text }))[0]).toBe('amount-malformed');
  });

  it('reads amounts exactly up to 13 whole digits', () => {
    expect(strictAmountMinor('9999999999999.99')).toBe(999_999_999_999_999);
    expect(strictAmountMinor('150000.5')).toBe(15_000_050);
  });

  it("refuses a paid time past now + the leeway, or before the bill was created; the bill's first second counts as its life", () => {
    const at = (ms: number) => new Date(ms).toISOString();
    expect(
      judgePaidClaim(va, vaClaim({ paidAt: at(ctx.now.getTime() + PAID_TIME_LEEWAY_MS) }), ctx)
        .accepted,
    ).toBe(true);
    expect(
      refusal(va, vaClaim({ paidAt: at(ctx.now.getTime() + PAID_TIME_LEEWAY_MS + 1000) })),
    ).toEqual([
      'paid-time-future',
      'BRI reports the payment at 2026-11-20 11:05:01, later than now (2026-11-20 11:00:00)',
    ]);
    expect(refusal(va, vaClaim({ paidAt: '9999-12-31T23:59:59Z' }))[0]).toBe('paid-time-future');
    expect(refusal(va, vaClaim({ paidAt: '2026-11-20T09:59:59+07:00' }))).toEqual([
      'paid-time-before-bill',
      'BRI reports the payment at 2026-11-20 09:59:59, before the bill was created (2026-11-20 10:00:00)',
    ]);
    // the bank writes whole seconds: 03:00:00 is within the bill created at 03:00:00.250
    expect(judgePaidClaim(va, vaClaim({ paidAt: '2026-11-20T03:00:00Z' }), ctx).accepted).toBe(
      true,
    );
  });

  it.each([
    '2026-11-20 10:30:00',
    '2026-11-20T10:30:00',
    '1700000000',
    'yesterday',
    '2026-13-40T10:30:00Z',
  ])('refuses the paid time %j (no zone, or not a time)', (text) => {
    expect(strictInstant(text)).toBeNull();
    expect(refusal(va, vaClaim({ paidAt: text }))[0]).toBe('paid-time-unreadable');
  });

  it('checks the bill first, then the amount, then the time', () => {
    expect(
      refusal(va, vaClaim({ names: { virtualAccountNo: '1' }, paidAmount: 'x', paidAt: 'y' }))[0],
    ).toBe('other-bill');
    expect(refusal(va, vaClaim({ paidAmount: 'x', paidAt: 'y' }))[0]).toBe('amount-malformed');
  });

  it('keeps a claim for the record with each text cut short, after judging the whole of it', () => {
    const long = `${'9'.repeat(500)}.00`;
    expect(refusal(va, vaClaim({ paidAmount: long }))[1]).toBe(
      `BRI reports "${'9'.repeat(40)}…" paid, which is not an amount in rupiah with at most 2 decimals`,
    );
    const kept = claimForTheRecord(vaClaim({ paidAmount: long }));
    expect(kept.paidAmount).toBe(`${'9'.repeat(100)}…`);
    expect(kept.names).toEqual(vaClaim().names);
  });
});
