import { describe, expect, it } from 'vitest';
import { entryText } from './timeline-entry-text.ts';

const audit = (action: string, details: Record<string, unknown>, actor = 'system') =>
  ({
    type: 'operator',
    at: '2026-11-20T03:00:00.000Z',
    id: 41,
    action,
    actor,
    outcome: 'success',
    details,
  }) as const;

describe('the timeline names who did what', () => {
  it("a bank's payment is the bank's, with its amount and reference, not an operator action", () => {
    const text = entryText(
      audit(
        'transaction.paid',
        {
          bank: 'BRI',
          paidAmountMinor: 15_000_050,
          referenceNo: 'REF-1',
          paymentRequestId: 'PAY-1',
        },
        'bank:BRI',
      ),
    );
    expect(text).toEqual({
      title: 'Pembayaran diterima dari bank BRI',
      facts: ['Rp. 150.000,50', 'ref REF-1', 'paymentRequestId PAY-1', 'audit #41'],
      tone: 'success',
    });
  });

  it("the expiry is the system's, with the bill's deadline in Jakarta time", () => {
    const text = entryText(
      audit('transaction.expired', {
        kind: 'VA',
        orderId: 'VA1-1',
        expiredAt: '2026-11-20T02:00:00.000Z',
      }),
    );
    expect(text).toEqual({
      title: 'Kadaluarsa: lewat batas pembayaran',
      facts: ['batas 2026-11-20 09:00:00', 'oleh sistem', 'audit #41'],
      tone: 'error',
    });
  });

  it('a refused bank payment says why', () => {
    expect(
      entryText(
        audit('snap.payment.refused', { bank: 'BJB', message: 'Jumlah tidak sama' }, 'bank:BJB'),
      ),
    ).toMatchObject({
      title: 'Pembayaran dari bank BJB ditolak',
      facts: ['Jumlah tidak sama', 'audit #41'],
    });
  });

  it("an operator's Inquiry stays an operator action", () => {
    expect(entryText(audit('transaction.inquired', {}, 'rina')).title).toBe(
      'Tindakan operator: Inquiry berhasil',
    );
  });

  it('the bank statement line it was matched to (reconciliation): where, when, how much and by which rule', () => {
    const line = {
      type: 'statement',
      at: '2026-11-20T03:00:00.000Z',
      id: 12,
      stmtId: 3,
      rbrkId: null,
      rule: 'va',
      bank: 'BRI',
      accountNo: '0123456789012',
      day: '2026-11-19',
      amount: 150000,
      reference: 'FT1',
      narrative: 'TRANSFER VA',
    } as const;
    expect(entryText(line)).toEqual({
      title: 'Tercatat di mutasi bank BRI 0123456789012',
      facts: ['tanggal 2026-11-19', 'Rp. 150.000,00', 'ref FT1', 'aturan Nomor VA', 'baris 12'],
      tone: 'success',
    });
  });
});
