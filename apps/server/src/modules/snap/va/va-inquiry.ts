/** Service 24, transfer-va/inquiry: the bank asks for the bill a payer typed; nothing changes. */
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { SNAP_SERVICE, successful, type SnapAnswer } from '../answers.ts';
import type { PartnerCall } from '../caller/call.ts';
import { underExternalId } from '../caller/external-id.ts';
import { BodyReader } from '../fields.ts';
import { assertPayable, findVaBill, readVaNames, snapAmount, vaBillName } from './va-bill.ts';

const SERVICE = SNAP_SERVICE.vaInquiry;

export async function inquireVa(deps: AppDeps, call: PartnerCall): Promise<SnapAnswer> {
  const body = BodyReader.of(SERVICE, call.body);
  const names = readVaNames(body);
  const inquiryRequestId = body.required('inquiryRequestId', 128);
  return underExternalId(deps, call, SERVICE, inquiryRequestId, async () => {
    const bill = await findVaBill(deps.db, SERVICE, call.partner, names);
    assertPayable(SERVICE, bill, iso(deps.clock.now()));
    return successful(SERVICE, {
      virtualAccountData: {
        inquiryStatus: '00',
        inquiryReason: { english: 'Success', indonesia: 'Sukses' },
        ...names,
        virtualAccountName: vaBillName(bill),
        inquiryRequestId,
        totalAmount: snapAmount(bill.trctTotalAmount),
        virtualAccountTrxType: 'C',
      },
    });
  });
}
