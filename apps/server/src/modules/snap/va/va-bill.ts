/** The VA bill a bank names by partnerServiceId + customerNo (and virtualAccountNo): only a bill of its own bank. */
import { TRX_STATUS, plainMinor } from '@tagih/contract';
import type { DbOrTx } from '../../../db/tables.ts';
import type { SnapService } from '../answers.ts';
import { vaBillsByCustomerNo, type VaBillRow } from '../bill-repo.ts';
import type { BodyReader } from '../fields.ts';
import { expiredBill, paidBill, unknownBill, type BillToPay } from '../payment-booking.ts';
import { isPartnersBank, type SnapPartner } from '../caller/partners.ts';

export interface VaNames {
  partnerServiceId: string;
  customerNo: string;
  virtualAccountNo: string;
}

/** The identity fields, all mandatory in SNAP (partnerServiceId is 8 characters, left-padded with spaces). */
export function readVaNames(body: BodyReader): VaNames {
  return {
    partnerServiceId: body.required('partnerServiceId', 8, /^ *\d{1,8}$/),
    customerNo: body.required('customerNo', 20, /^ *[0-9A-Za-z]{1,20}$/),
    virtualAccountNo: body.required('virtualAccountNo', 28, /^ *[0-9A-Za-z]{1,28}$/),
  };
}

/** This partner's bill with these names: unknown (xx12) when none, or when the VA number names another. */
export async function findVaBill(
  db: DbOrTx,
  service: SnapService,
  partner: SnapPartner,
  names: VaNames,
): Promise<VaBillRow> {
  const psid = names.partnerServiceId.trim();
  const customerNo = names.customerNo.trim();
  if (names.virtualAccountNo.replace(/ /g, '') !== `${psid}${customerNo}`)
    throw unknownBill(service);
  const rows = (await vaBillsByCustomerNo(db, customerNo)).filter(
    (r) => r.trvaPartnerServiceId.trim() === psid && isPartnersBank(partner, r.trctBank),
  );
  const bill = rows.find((r) => r.trctStatus === TRX_STATUS.UNPAID) ?? rows[0];
  if (!bill) throw unknownBill(service);
  return bill;
}

/** A bill that can still be paid; otherwise paid (xx14) or expired (xx19). */
export function assertPayable(service: SnapService, bill: VaBillRow, nowIso: string): void {
  if (bill.trctStatus === TRX_STATUS.PAID) throw paidBill(service);
  const pastExpiry = bill.trvaExpiredDate !== null && bill.trvaExpiredDate <= nowIso;
  if (bill.trctStatus !== TRX_STATUS.UNPAID || pastExpiry) throw expiredBill(service);
}

export const vaBillName = (bill: VaBillRow): string =>
  bill.trvaVirtualAccountName ?? bill.trctVirtualAccountName ?? '';

export const snapAmount = (minor: number | null) => ({
  value: plainMinor(minor ?? 0),
  currency: 'IDR',
});

export function vaBillToPay(bill: VaBillRow): BillToPay {
  return {
    trctId: bill.trctId,
    trctCompId: bill.trctCompId,
    trctOrderId: bill.trctOrderId,
    bank: bill.trctBank ?? '',
    identity: {
      type: 'VA',
      partnerServiceId: bill.trvaPartnerServiceId,
      customerNo: bill.trvaCustomerNo,
    },
    totalMinor: bill.trctTotalAmount,
    createdAt: bill.trctCreatedTime,
  };
}
