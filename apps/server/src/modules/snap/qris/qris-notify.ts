/**
 * Service 52, qr/qr-mpm-notify: the acquirer tells us the state of a QRIS payment, by our bill's
 * reference (originalReferenceNo) and order id (originalPartnerReferenceNo). `00` books the payment
 * exactly once (per originalReferenceNo: a repeat of the same payment, the same bill and amount,
 * answers the first result; another amount or order id under it is 4095200 Conflict,
 * payment-repeat.ts); any other status is recorded in the audit trail and changes nothing.
 */
import { AUDIT_ACTIONS, SNAP_PAYMENT_STATUS, TRX_STATUS } from '@tagih/contract';
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { recordAudit } from '../../audit/service.ts';
import { SNAP_SERVICE, successful } from '../answers.ts';
import { qrisBillsByReference, type QrisBillRow } from '../bill-repo.ts';
import { partnerAudit, type PartnerCall } from '../caller/call.ts';
import { underExternalId } from '../caller/external-id.ts';
import { BodyReader } from '../fields.ts';
import {
  bookPushedPayment,
  expiredBill,
  oncePerRequest,
  paidBill,
  unknownBill,
  type BillToPay,
  type Booked,
} from '../payment-booking.ts';
import { isPartnersBank } from '../caller/partners.ts';
import type { RequestedPayment } from '../payment-repeat.ts';

const SERVICE = SNAP_SERVICE.qrisNotify;

const bankOf = (bill: QrisBillRow): string | null => bill.trctQrBank ?? bill.trctBank;

function toPay(bill: QrisBillRow): BillToPay {
  return {
    trctId: bill.trctId,
    trctCompId: bill.trctCompId,
    trctOrderId: bill.trctOrderId,
    bank: bankOf(bill) ?? '',
    identity: { type: 'QRIS', orderId: bill.trctOrderId, referenceNo: bill.trqrReferenceNo },
    totalMinor: bill.trctTotalAmount ?? bill.trqrTotalAmount,
    createdAt: bill.trctCreatedTime,
  };
}

export async function notifyQris(deps: AppDeps, call: PartnerCall): Promise<Booked> {
  const body = BodyReader.of(SERVICE, call.body);
  const referenceNo = body.required('originalReferenceNo', 64);
  const partnerReferenceNo = body.optional('originalPartnerReferenceNo', 64);
  const status = body.required('latestTransactionStatus', 2, /^\d{2}$/);
  const paid = status === SNAP_PAYMENT_STATUS.SUCCESS;
  const amount = body.amount('amount', paid);
  const paidTime = body.optional('paidTime', 40);

  const findBill = async (): Promise<QrisBillRow> => {
    const bill = (await qrisBillsByReference(deps.db, referenceNo)).find((r) =>
      isPartnersBank(call.partner, bankOf(r)),
    );
    if (!bill) throw unknownBill(SERVICE);
    return bill;
  };
  const requested: RequestedPayment = {
    namesBill: (first) =>
      first.qrisReferenceNo === referenceNo &&
      (partnerReferenceNo === null || partnerReferenceNo === first.orderId),
    amount,
    thisBill: async () => {
      const bill = (await qrisBillsByReference(deps.db, referenceNo)).find(
        (r) =>
          isPartnersBank(call.partner, bankOf(r)) &&
          (partnerReferenceNo === null || r.trctOrderId === partnerReferenceNo),
      );
      return bill ?? null;
    },
  };
  const book = async (): Promise<Booked> => {
    const bill = await findBill();
    if (bill.trctStatus === TRX_STATUS.PAID) throw paidBill(SERVICE);
    if (
      bill.trctStatus !== TRX_STATUS.UNPAID ||
      (bill.trqrExpiredDate !== null && bill.trqrExpiredDate <= iso(deps.clock.now()))
    )
      throw expiredBill(SERVICE);
    return bookPushedPayment(deps, {
      service: SERVICE,
      call,
      requestId: referenceNo,
      referenceNo,
      bill: toPay(bill),
      claim: { names: { referenceNo, partnerReferenceNo }, paidAmount: amount, paidAt: paidTime },
      fields: { amount: 'amount.value', paidAt: 'paidTime' },
      requested,
      success: successful(SERVICE),
    });
  };
  const recordOnly = async (): Promise<Booked> => {
    const bill = await findBill();
    await recordAudit(deps.db, deps.clock, partnerAudit(call, call.partner.bank, bill.trctCompId), {
      action: AUDIT_ACTIONS.qrisStatusNotified,
      target: { type: 'transaction', id: bill.trctId },
      details: {
        bank: call.partner.bank,
        orderId: bill.trctOrderId,
        referenceNo,
        status,
        externalId: call.externalId,
      },
    });
    return { answer: successful(SERVICE), notiId: null };
  };
  return underExternalId(deps, call, SERVICE, `${referenceNo}:${status}`, () =>
    paid ? oncePerRequest(deps, call, SERVICE, referenceNo, requested, book) : recordOnly(),
  );
}
