/**
 * Demo mode only: what the simulated banks booked, told to the bank simulator in-process (its
 * `book` option, apps/bank-sim/README.md "Statements"). The seeded history's payments exist nowhere
 * but in Tagih's database, so the server reads them for the simulator, as it already reads a bill's
 * total for the simulator's paid answers (billAmount); the simulator never opens the database.
 */
import { sql } from 'kysely';
import { TRX_STATUS } from '@tagih/contract';
import {
  outcomeOf,
  type BankBook,
  type BookedPayment,
  type OpenBill,
} from '@tagih/contract/demo-bank';
import type { DbOrTx } from '../db/tables.ts';

/** At most this many bills a day's "payment flag lost" is chosen from. */
const OPEN_BILLS = 200;

export function demoBankBook(db: DbOrTx): BankBook {
  return {
    async paidBetween(start: Date, end: Date): Promise<BookedPayment[]> {
      const rows = await db
        .selectFrom('transactions as t')
        .leftJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
        .leftJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId')
        .select([
          't.trctType',
          't.trctBank',
          't.trctQrBank',
          't.trctLunasTime',
          'v.trvaVirtualAccountNo',
          'q.trqrReferenceNo',
          sql<
            number | null
          >`coalesce(t.${sql.ref('trctTotalAmountPaid')}, t.${sql.ref('trctTotalAmount')}, q.${sql.ref('trqrTotalAmount')})`.as(
            'amount',
          ),
        ])
        .where('t.trctStatus', '=', TRX_STATUS.PAID)
        .where('t.trctLunasTime', '>=', start.toISOString())
        .where('t.trctLunasTime', '<', end.toISOString())
        .orderBy('t.trctId')
        .execute();
      return rows.flatMap((r): BookedPayment[] => {
        const bank = r.trctType === 'VA' ? r.trctBank : (r.trctQrBank ?? r.trctBank);
        const identifier = r.trctType === 'VA' ? r.trvaVirtualAccountNo : r.trqrReferenceNo;
        if (!bank || !identifier || r.amount === null || !r.trctLunasTime) return [];
        return [
          {
            bank,
            channel: r.trctType === 'VA' ? 'VA' : 'QRIS',
            identifier,
            amountMinor: Number(r.amount),
            paidAt: new Date(r.trctLunasTime).toISOString(),
          },
        ];
      });
    },
    async unpaidDuring(start: Date): Promise<OpenBill[]> {
      const rows = await db
        .selectFrom('transactions as t')
        .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
        .select(['t.trctBank', 'v.trvaVirtualAccountNo', 'v.trvaCustomerNo', 't.trctTotalAmount'])
        .where('t.trctType', '=', 'VA')
        .where('t.trctCreatedTime', '<', start.toISOString())
        // Still unpaid: a bill Tagih holds as paid (even on a later day) is no "status" break.
        .where('t.trctStatus', '=', TRX_STATUS.UNPAID)
        .orderBy('t.trctId')
        .limit(OPEN_BILLS * 5)
        .execute();
      return rows
        .filter(
          (r) => r.trctBank && r.trctTotalAmount !== null && outcomeOf(r.trvaCustomerNo) === 'paid',
        )
        .slice(0, OPEN_BILLS)
        .map((r) => ({
          bank: r.trctBank!,
          virtualAccountNo: r.trvaVirtualAccountNo,
          amountMinor: Number(r.trctTotalAmount),
        }));
    },
  };
}
