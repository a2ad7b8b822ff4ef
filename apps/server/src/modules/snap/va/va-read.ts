/** Service 30, transfer-va/inquiry-va: a merchant reads its VA bill and its state (Lunas, Belum Lunas, Kadaluarsa); nothing changes. */
import { SNAP_VA_FLAG, TRX_STATUS } from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import { SNAP_SERVICE, successful, type SnapAnswer } from '../answers.ts';
import type { MerchantCall } from '../caller/call.ts';
import { underExternalId } from '../caller/external-id.ts';
import { BodyReader } from '../fields.ts';
import { billState } from '../merchant-bill.ts';
import { snapAmount } from './va-bill.ts';
import { findMerchantVaBill, readVaRequest, vaIdentity } from './va-merchant-bill.ts';

const SERVICE = SNAP_SERVICE.vaRead;

export async function readVa(deps: AppDeps, call: MerchantCall): Promise<SnapAnswer> {
  const request = readVaRequest(BodyReader.of(SERVICE, call.body));
  return underExternalId(deps, call, SERVICE, request.trxId, async () => {
    const bill = await findMerchantVaBill(deps.db, SERVICE, call, request);
    const state = billState(bill, deps.clock.now(), deps.config.businessTz);
    return successful(SERVICE, {
      virtualAccountData: {
        ...vaIdentity(bill, request.trxId),
        virtualAccountName: bill.trvaVirtualAccountName,
        totalAmount: snapAmount(bill.trctTotalAmount),
        virtualAccountTrxType: 'C',
        expiredDate: state.expiredDate,
        paymentFlagStatus:
          state.status === TRX_STATUS.PAID ? SNAP_VA_FLAG.PAID : SNAP_VA_FLAG.UNPAID,
        additionalInfo: state.additionalInfo,
      },
    });
  });
}
