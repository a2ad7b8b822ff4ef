/** The merchant's own VA bill that trxId and the VA identity fields name (inquiry-va, delete-va): another's, or a mismatch, is unknown (xx12). */
import type { DbOrTx } from '../../../db/tables.ts';
import type { SnapService } from '../answers.ts';
import type { MerchantCall } from '../caller/call.ts';
import type { BodyReader } from '../fields.ts';
import { MERCHANT_BILL_ID } from '../merchant-bill.ts';
import { billByRequestId, type MerchantBillRow } from '../merchant-bills-repo.ts';
import { unknownBill } from '../payment-booking.ts';
import { readVaNames, type VaNames } from './va-bill.ts';

export interface VaRequest {
  names: VaNames;
  trxId: string;
}

/** The identity fields and trxId, all mandatory. */
export const readVaRequest = (body: BodyReader): VaRequest => ({
  names: readVaNames(body),
  trxId: body.required('trxId', 64, MERCHANT_BILL_ID),
});

export async function findMerchantVaBill(
  db: DbOrTx,
  service: SnapService,
  call: MerchantCall,
  { names, trxId }: VaRequest,
): Promise<MerchantBillRow> {
  const bill = await billByRequestId(db, { clntid: call.merchant.clntid, requestId: trxId });
  if (!bill || bill.trvaPartnerServiceId === null || bill.trvaCustomerNo === null)
    throw unknownBill(service);
  const psid = bill.trvaPartnerServiceId.trim();
  const customerNo = bill.trvaCustomerNo;
  const named =
    names.partnerServiceId.trim() === psid &&
    names.customerNo.trim() === customerNo &&
    names.virtualAccountNo.replace(/ /g, '') === `${psid}${customerNo}`;
  if (!named) throw unknownBill(service);
  return bill;
}

/** The bill's identity as SNAP writes it (partnerServiceId space-padded, in virtualAccountNo too). */
export const vaIdentity = (bill: MerchantBillRow, trxId: string) => ({
  partnerServiceId: bill.trvaPartnerServiceId!,
  customerNo: bill.trvaCustomerNo!,
  virtualAccountNo: `${bill.trvaPartnerServiceId!}${bill.trvaCustomerNo!}`,
  trxId,
});
