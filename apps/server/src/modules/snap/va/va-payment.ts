/**
 * Service 25, transfer-va/payment: the bank reports that a payer paid a VA bill. The same
 * paymentRequestId again for the same bill and amount (a retry, flagAdvise Y) answers the first
 * result and changes nothing; for another bill or amount it is 4092500 Conflict (payment-repeat.ts).
 */
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { SNAP_SERVICE, successful } from '../answers.ts';
import type { PartnerCall } from '../caller/call.ts';
import { underExternalId } from '../caller/external-id.ts';
import { BodyReader } from '../fields.ts';
import { bookPushedPayment, oncePerRequest, type Booked } from '../payment-booking.ts';
import type { RequestedPayment } from '../payment-repeat.ts';
import {
  assertPayable,
  findVaBill,
  readVaNames,
  snapAmount,
  vaBillName,
  vaBillToPay,
} from './va-bill.ts';

const SERVICE = SNAP_SERVICE.vaPayment;

export async function payVa(deps: AppDeps, call: PartnerCall): Promise<Booked> {
  const body = BodyReader.of(SERVICE, call.body);
  const names = readVaNames(body);
  const paymentRequestId = body.required('paymentRequestId', 128);
  const paidAmount = body.amount('paidAmount', true)!;
  body.amount('totalAmount', false);
  const trxDateTime = body.optional('trxDateTime', 40);
  const referenceNo = body.optional('referenceNo', 64);
  body.optional('flagAdvise', 1, /^[YN]$/);

  const requested: RequestedPayment = {
    namesBill: (first) =>
      first.partnerServiceId?.trim() === names.partnerServiceId.trim() &&
      first.customerNo === names.customerNo.trim(),
    amount: paidAmount,
    thisBill: () => findVaBill(deps.db, SERVICE, call.partner, names),
  };
  const book = async (): Promise<Booked> => {
    const bill = await findVaBill(deps.db, SERVICE, call.partner, names);
    assertPayable(SERVICE, bill, iso(deps.clock.now()));
    return bookPushedPayment(deps, {
      service: SERVICE,
      call,
      requestId: paymentRequestId,
      referenceNo,
      bill: vaBillToPay(bill),
      claim: { names, paidAmount, paidAt: trxDateTime },
      fields: { amount: 'paidAmount.value', paidAt: 'trxDateTime' },
      requested,
      success: successful(SERVICE, {
        virtualAccountData: {
          paymentFlagReason: { english: 'Success', indonesia: 'Sukses' },
          ...names,
          virtualAccountName: vaBillName(bill),
          paymentRequestId,
          paidAmount: { value: paidAmount, currency: 'IDR' },
          totalAmount: snapAmount(bill.trctTotalAmount),
          ...(trxDateTime ? { trxDateTime } : {}),
          ...(referenceNo ? { referenceNo } : {}),
          paymentFlagStatus: '00',
        },
      }),
    });
  };
  return underExternalId(deps, call, SERVICE, paymentRequestId, () =>
    oncePerRequest(deps, call, SERVICE, paymentRequestId, requested, book),
  );
}
