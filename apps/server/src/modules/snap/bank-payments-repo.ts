/** SQL of the payments banks pushed and we booked, each with the answer we gave (its retries get the same). */
import type { DbOrTx } from '../../db/tables.ts';
import type { SnapAnswer } from './answers.ts';

export interface BankPaymentKey {
  clientId: string;
  service: string;
  requestId: string;
}

export async function storedAnswer(db: DbOrTx, key: BankPaymentKey): Promise<SnapAnswer | undefined> {
  const row = await db
    .selectFrom('bank_payments')
    .select(['bkpyHttpStatus', 'bkpyResponse'])
    .where('bkpyClientId', '=', key.clientId)
    .where('bkpyService', '=', key.service)
    .where('bkpyRequestId', '=', key.requestId)
    .executeTakeFirst();
  return row ? { httpStatus: row.bkpyHttpStatus, body: JSON.parse(row.bkpyResponse) as SnapAnswer['body'] } : undefined;
}

export async function insertBankPayment(
  db: DbOrTx,
  key: BankPaymentKey,
  row: { bank: string; referenceNo: string | null; trctId: number; answer: SnapAnswer; nowIso: string },
): Promise<void> {
  await db
    .insertInto('bank_payments')
    .values({
      bkpyClientId: key.clientId, bkpyService: key.service, bkpyRequestId: key.requestId, bkpyBank: row.bank, bkpyReferenceNo: row.referenceNo,
      bkpyTrctId: row.trctId, bkpyHttpStatus: row.answer.httpStatus, bkpyResponse: JSON.stringify(row.answer.body), bkpyCreatedAt: row.nowIso,
    })
    .execute();
}
