/**
 * Service 27, transfer-va/create-va: a merchant opens a closed VA bill for its company at the bank
 * its partnerServiceId names. The VA number is ours to give: that bank's partnerServiceId and the
 * next customer number of its counter (skipping one a bill there already carries). trxId becomes
 * the order id, once (merchant-bill.ts).
 */
import { plainMinor } from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import { snapTimestamp } from '../../../integrations/bank/snap-signature.ts';
import { SNAP_SERVICE, badField, successful, type SnapAnswer } from '../answers.ts';
import { vaBillsByCustomerNo } from '../bill-repo.ts';
import type { MerchantCall } from '../caller/call.ts';
import { underExternalId } from '../caller/external-id.ts';
import { BodyReader } from '../fields.ts';
import {
  amountMinorOf,
  bankFor,
  companyOf,
  expiryOf,
  MERCHANT_BILL_ID,
  openMerchantBill,
} from '../merchant-bill.ts';
import { nextNumber } from '../number-repo.ts';

const SERVICE = SNAP_SERVICE.vaCreate;

/** How long a VA bill is payable when the merchant gives no expiredDate. */
export const DEFAULT_VA_VALIDITY_MS = 24 * 3_600_000;

/** Our customer numbers: '9' and 11 digits of the bank's counter (the demo data's start with '08'). */
const customerNoOf = (n: number): string => `9${String(n).padStart(11, '0')}`;

/** A name as the screens show it: no control characters, at most the column's 100. */
const NAME = /^[^\p{Cc}]{1,100}$/u;

export async function createVa(deps: AppDeps, call: MerchantCall): Promise<SnapAnswer> {
  const body = BodyReader.of(SERVICE, call.body);
  const partnerServiceId = body.required('partnerServiceId', 8, /^ *\d{1,8}$/);
  // Ours to give: read only so that a malformed one is named.
  body.optional('customerNo', 20, /^ *[0-9A-Za-z]{1,20}$/);
  body.optional('virtualAccountNo', 28, /^ *[0-9A-Za-z]{1,28}$/);
  const name = body.required('virtualAccountName', 100, NAME).trim();
  const trxId = body.required('trxId', 64, MERCHANT_BILL_ID);
  const totalMinor = amountMinorOf(SERVICE, body, 'totalAmount');
  if ((body.optional('virtualAccountTrxType', 1) ?? 'C') !== 'C')
    throw badField(SERVICE, 'virtualAccountTrxType');
  const now = deps.clock.now();
  const expiresAt = expiryOf(
    SERVICE,
    'expiredDate',
    body.optional('expiredDate', 40),
    now,
    DEFAULT_VA_VALIDITY_MS,
  );
  const bank = bankFor(
    deps,
    SERVICE,
    'partnerServiceId',
    (p) => p.partnerServiceId?.trim() === partnerServiceId.trim(),
  );
  const company = await companyOf(deps, call, SERVICE, body);
  const psid = bank.partnerServiceId!.padStart(8, ' ');

  return underExternalId(deps, call, SERVICE, trxId, () =>
    openMerchantBill(deps, {
      service: SERVICE,
      call,
      requestId: trxId,
      field: 'trxId',
      company,
      bank,
      totalMinor,
      expiresAt,
      make: async (tx) => {
        let customerNo: string;
        do customerNo = customerNoOf(await nextNumber(tx, `va:${psid.trim()}`));
        while (
          (await vaBillsByCustomerNo(tx, customerNo)).some(
            (b) => b.trvaPartnerServiceId.trim() === psid.trim(),
          )
        );
        const virtualAccountNo = `${psid}${customerNo}`;
        return {
          detail: { type: 'VA', partnerServiceId: psid, customerNo, name },
          audit: { virtualAccountNo: virtualAccountNo.trim() },
          answer: successful(SERVICE, {
            virtualAccountData: {
              partnerServiceId: psid,
              customerNo,
              virtualAccountNo,
              virtualAccountName: name,
              trxId,
              totalAmount: { value: plainMinor(totalMinor), currency: 'IDR' },
              virtualAccountTrxType: 'C',
              expiredDate: snapTimestamp(expiresAt, deps.config.businessTz),
            },
          }),
        };
      },
    }),
  );
}
