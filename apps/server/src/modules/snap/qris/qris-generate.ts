/**
 * Service 47, qr/qr-mpm-generate: a merchant draws a dynamic QRIS for an amount, at the acquirer
 * its merchantId names (a bank with our QRIS identity and inbound credentials). We give the
 * reference (the acquirer's qr-mpm-notify names it when the payer pays) and the EMVCo payload:
 * the acquirer's identity, the amount, the company's name and city, our reference in tag 62.
 * partnerReferenceNo becomes the order id, once (merchant-bill.ts).
 */
import { plainMinor } from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import { snapTimestamp } from '../../../integrations/bank/snap-signature.ts';
import { SNAP_SERVICE, successful, type SnapAnswer } from '../answers.ts';
import { qrisBillsByReference } from '../bill-repo.ts';
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
import { qrisPayload, qrisText } from './qris-payload.ts';

const SERVICE = SNAP_SERVICE.qrisGenerate;

/** How long a dynamic QRIS is payable when the merchant gives no validityPeriod. */
export const DEFAULT_QRIS_VALIDITY_MS = 30 * 60_000;

/** Our QRIS references: '9' and 11 digits of the acquirer's counter. */
const referenceOf = (n: number): string => `9${String(n).padStart(11, '0')}`;

export async function generateQris(deps: AppDeps, call: MerchantCall): Promise<SnapAnswer> {
  const body = BodyReader.of(SERVICE, call.body);
  const partnerReferenceNo = body.required('partnerReferenceNo', 64, MERCHANT_BILL_ID);
  const totalMinor = amountMinorOf(SERVICE, body, 'amount');
  const merchantId = body.required('merchantId', 64);
  body.amount('feeAmount', false);
  body.optional('subMerchantId', 64);
  const storeId = body.optional('storeId', 64);
  const terminalId = body.optional('terminalId', 64);
  const now = deps.clock.now();
  const expiresAt = expiryOf(
    SERVICE,
    'validityPeriod',
    body.optional('validityPeriod', 40),
    now,
    DEFAULT_QRIS_VALIDITY_MS,
  );
  const bank = bankFor(
    deps,
    SERVICE,
    'merchantId',
    (p) => p.merchantId === merchantId && p.qris !== undefined,
  );
  const company = await companyOf(deps, call, SERVICE, body);
  const merchantName = qrisText(company.compName, 'MERCHANT').slice(0, 25);

  return underExternalId(deps, call, SERVICE, partnerReferenceNo, () =>
    openMerchantBill(deps, {
      service: SERVICE,
      call,
      requestId: partnerReferenceNo,
      field: 'partnerReferenceNo',
      company,
      bank,
      totalMinor,
      expiresAt,
      make: async (tx) => {
        let referenceNo: string;
        do referenceNo = referenceOf(await nextNumber(tx, `qris:${bank.bank}`));
        while ((await qrisBillsByReference(tx, referenceNo)).length > 0);
        const qrContent = qrisPayload({
          ...bank.qris!,
          merchantId,
          amountMinor: totalMinor,
          merchantName,
          merchantCity: qrisText(company.city ?? '', 'JAKARTA'),
          referenceLabel: referenceNo,
        });
        return {
          detail: { type: 'QRIS', referenceNo, merchantId },
          audit: { referenceNo, amount: plainMinor(totalMinor) },
          answer: successful(SERVICE, {
            referenceNo,
            partnerReferenceNo,
            qrContent,
            merchantName,
            ...(storeId ? { storeId } : {}),
            ...(terminalId ? { terminalId } : {}),
            additionalInfo: { validityPeriod: snapTimestamp(expiresAt, deps.config.businessTz) },
          }),
        };
      },
    }),
  );
}
