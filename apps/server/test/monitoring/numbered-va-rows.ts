/** Many VA transactions of one company for the large-data tests: one every 12 s from 21 Oct 2026, every third paid, amounts 150,000.00 + i minor units. */
import type { NewTransaction } from '../../src/db/seed/bulk-transactions.ts';

export function* numberedVaRows(
  compId: number,
  clntId: number,
  count: number,
  orderId: (i: number) => string,
): Generator<NewTransaction> {
  const start = Date.parse('2026-10-21T00:00:00.000Z');
  for (let i = 0; i < count; i++) {
    const customerNo = `0812${String(i).padStart(8, '0')}`;
    yield {
      transaction: {
        trctType: 'VA',
        trctCompId: compId,
        trctClntId: clntId,
        trctOrderId: orderId(i),
        trctStatus: i % 3 === 0 ? '00' : '03',
        trctBank: 'BRI',
        trctVirtualAccountNo: `77001${customerNo}`,
        trctVirtualAccountName: `Pelanggan ${i}`,
        trctQrName: null,
        trctQrBank: null,
        trctTotalAmount: 15_000_000 + i,
        trctTotalAmountPaid: i % 3 === 0 ? 15_000_000 + i : null,
        trctCreatedTime: new Date(start + i * 12_000).toISOString(),
        trctLunasTime: null,
        trctUpdatedTime: null,
      },
      va: {
        trvaPartnerServiceId: '   77001',
        trvaCustomerNo: customerNo,
        trvaVirtualAccountNo: `77001${customerNo}`,
        trvaVirtualAccountName: null,
        trvaExpiredDate: null,
      },
    };
  }
}
