/**
 * Service 31, transfer-va/delete-va: a merchant cancels its unpaid VA bill. The spec's statuses
 * know no "cancelled": the bill turns 05 Kadaluarsa (no longer payable; its expiry moved to now, so
 * the screens and the banks treat it as expired), and transaction.cancelled says why in its timeline.
 * A paid bill is 4043114, an expired one 4043119; cancelling again answers the first success.
 */
import { AUDIT_ACTIONS, TRX_STATUS } from '@tagih/contract';
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { recordAudit } from '../../audit/service.ts';
import { cancelBill, inLedger } from '../../ledger/index.ts';
import { SNAP_SERVICE, successful, type SnapAnswer } from '../answers.ts';
import type { MerchantCall } from '../caller/call.ts';
import { underExternalId } from '../caller/external-id.ts';
import { BodyReader } from '../fields.ts';
import { billState, merchantAudit } from '../merchant-bill.ts';
import { markRequestCancelled, type MerchantBillRow } from '../merchant-bills-repo.ts';
import { expiredBill, paidBill } from '../payment-booking.ts';
import { findMerchantVaBill, readVaRequest, vaIdentity } from './va-merchant-bill.ts';

const SERVICE = SNAP_SERVICE.vaDelete;

export async function deleteVa(deps: AppDeps, call: MerchantCall): Promise<SnapAnswer> {
  const request = readVaRequest(BodyReader.of(SERVICE, call.body));
  return underExternalId(deps, call, SERVICE, request.trxId, async () => {
    const bill = await findMerchantVaBill(deps.db, SERVICE, call, request);
    const identity = vaIdentity(bill, request.trxId);
    const answer = successful(SERVICE, { virtualAccountData: identity });
    const refuseUnlessCancelled = (b: MerchantBillRow): SnapAnswer => {
      if (b.mbilCancelledAt) return answer;
      throw b.trctStatus === TRX_STATUS.PAID ? paidBill(SERVICE) : expiredBill(SERVICE);
    };
    const now = deps.clock.now();
    if (billState(bill, now, deps.config.businessTz).status !== TRX_STATUS.UNPAID)
      return refuseUnlessCancelled(bill);
    const cancelled = await inLedger(deps, async (log) => {
      const { tx } = log;
      const nowIso = iso(now);
      // The bill's row lock first: a payment (or a copy of this request) racing it waits, or made it wait.
      if (
        !(await cancelBill(
          log,
          {
            trctId: bill.trctId,
            trctCompId: bill.trctCompId,
            trctOrderId: bill.trctOrderId,
            kind: 'VA',
          },
          nowIso,
        ))
      )
        return false;
      await markRequestCancelled(tx, bill.mbilId, nowIso);
      await recordAudit(tx, deps.clock, merchantAudit(call, bill.trctCompId), {
        action: AUDIT_ACTIONS.transactionCancelled,
        target: { type: 'transaction', id: bill.trctId },
        details: {
          service: SERVICE,
          clientId: call.merchant.clientId,
          trxId: request.trxId,
          bank: bill.trctBank,
          virtualAccountNo: identity.virtualAccountNo.trim(),
          externalId: call.externalId,
        },
      });
      return true;
    });
    // Paid, or cancelled by a copy of this request, meanwhile.
    return cancelled
      ? answer
      : refuseUnlessCancelled(await findMerchantVaBill(deps.db, SERVICE, call, request));
  });
}
