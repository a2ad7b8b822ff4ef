/**
 * Service 51, qr/qr-mpm-query: a merchant asks the state of a QRIS it drew, by its own
 * originalPartnerReferenceNo or our originalReferenceNo: 00 success (paid), 03 pending, 05 canceled
 * (expired or past its validity); nothing changes. Another client's, or a VA bill, is 4045101.
 */
import {
  SNAP_ANSWERS,
  SNAP_PAYMENT_STATUS,
  SNAP_PAYMENT_STATUS_WORDS,
  TRX_STATUS,
  type TransactionStatus,
} from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import {
  SNAP_CASE,
  SNAP_SERVICE,
  SnapRefusal,
  badField,
  missingField,
  snapAnswer,
  successful,
  type SnapAnswer,
} from '../answers.ts';
import type { MerchantCall } from '../caller/call.ts';
import { underExternalId } from '../caller/external-id.ts';
import { BodyReader } from '../fields.ts';
import { billState, MERCHANT_BILL_ID } from '../merchant-bill.ts';
import { billByRequestId, qrisBillByReference } from '../merchant-bills-repo.ts';
import { snapAmount } from '../va/va-bill.ts';

const SERVICE = SNAP_SERVICE.qrisQuery;

const LATEST_STATUS: Readonly<
  Record<TransactionStatus, (typeof SNAP_PAYMENT_STATUS)[keyof typeof SNAP_PAYMENT_STATUS]>
> = {
  [TRX_STATUS.PAID]: SNAP_PAYMENT_STATUS.SUCCESS,
  [TRX_STATUS.UNPAID]: SNAP_PAYMENT_STATUS.PENDING,
  [TRX_STATUS.EXPIRED]: SNAP_PAYMENT_STATUS.CANCELED,
};

const notFound = () =>
  new SnapRefusal(
    snapAnswer(404, SERVICE, SNAP_CASE.transactionNotFound, SNAP_ANSWERS.unknownTransaction),
  );

export async function queryQris(deps: AppDeps, call: MerchantCall): Promise<SnapAnswer> {
  const body = BodyReader.of(SERVICE, call.body);
  const referenceNo = body.optional('originalReferenceNo', 64);
  const partnerReferenceNo = body.optional('originalPartnerReferenceNo', 64, MERCHANT_BILL_ID);
  if (referenceNo === null && partnerReferenceNo === null)
    throw missingField(SERVICE, 'originalPartnerReferenceNo');
  const serviceCode = body.optional('serviceCode', 2, /^\d{2}$/);
  if (serviceCode !== null && serviceCode !== SNAP_SERVICE.qrisGenerate)
    throw badField(SERVICE, 'serviceCode');
  body.optional('merchantId', 64);

  return underExternalId(
    deps,
    call,
    SERVICE,
    partnerReferenceNo ?? `reference:${referenceNo}`,
    async () => {
      const clntid = call.merchant.clntid;
      const bill =
        partnerReferenceNo !== null
          ? await billByRequestId(deps.db, { clntid, requestId: partnerReferenceNo })
          : await qrisBillByReference(deps.db, clntid, referenceNo!);
      if (!bill || bill.mbilService !== SNAP_SERVICE.qrisGenerate || bill.trqrReferenceNo === null)
        throw notFound();
      if (referenceNo !== null && referenceNo !== bill.trqrReferenceNo) throw notFound();
      const state = billState(bill, deps.clock.now(), deps.config.businessTz);
      const latest = LATEST_STATUS[state.status];
      return successful(SERVICE, {
        originalReferenceNo: bill.trqrReferenceNo,
        originalPartnerReferenceNo: bill.mbilRequestId,
        serviceCode: SNAP_SERVICE.qrisGenerate,
        latestTransactionStatus: latest,
        transactionStatusDesc: SNAP_PAYMENT_STATUS_WORDS[latest],
        ...('paidTime' in state.additionalInfo ? { paidTime: state.additionalInfo.paidTime } : {}),
        amount: snapAmount(bill.trctTotalAmount),
        additionalInfo: state.additionalInfo,
      });
    },
  );
}
