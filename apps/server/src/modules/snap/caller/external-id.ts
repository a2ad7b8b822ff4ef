/**
 * X-EXTERNAL-ID: a caller's id of one request, unique for that caller for the business day. The
 * same id again naming the same request (the same service and the same inquiryRequestId,
 * paymentRequestId, QRIS reference, trxId or partnerReferenceNo: a retry) goes on; naming another request it is 409xx00. When
 * we answered 5xx the id is freed, so that the bank may retry with it. The database's primary key
 * decides, so two instances agree.
 */
import { createHash } from 'node:crypto';
import { businessDate, SNAP_ANSWERS } from '@tagih/contract';
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { violationOf } from '../../../db/violations.ts';
import { SNAP_CASE, SnapRefusal, snapAnswer, type SnapService } from '../answers.ts';
import type { AuthenticatedCall } from './call.ts';
import * as repo from './external-id-repo.ts';

/** Frees the id (after a 5xx answer); nothing when the id was an earlier request's. */
type Release = () => Promise<void>;

/** Runs `answer` under the call's X-EXTERNAL-ID, naming the request `requestId`; frees the id when it failed with a 5xx. */
export async function underExternalId<T>(
  deps: AppDeps,
  call: AuthenticatedCall,
  service: SnapService,
  requestId: string,
  answer: () => Promise<T>,
): Promise<T> {
  const release = await claimExternalId(deps, call, service, requestId);
  try {
    return await answer();
  } catch (error) {
    const status = error instanceof SnapRefusal ? error.answer.httpStatus : 500;
    if (status >= 500) await release();
    throw error;
  }
}

async function claimExternalId(
  deps: AppDeps,
  call: AuthenticatedCall,
  service: SnapService,
  requestId: string,
): Promise<Release> {
  const now = deps.clock.now();
  const key: repo.ExternalIdKey = {
    clientId: call.clientId,
    day: businessDate(now, deps.config.businessTz),
    externalId: call.externalId,
  };
  const requestKey = createHash('sha256').update(`${service}:${requestId}`, 'utf8').digest('hex');
  try {
    await repo.insertExternalId(deps.db, key, requestKey, iso(now));
  } catch (error) {
    if (violationOf(error)?.kind !== 'unique') throw error;
    const earlier = await repo.requestKeyOf(deps.db, key);
    if (earlier !== undefined && earlier !== requestKey)
      throw new SnapRefusal(snapAnswer(409, service, SNAP_CASE.conflict, SNAP_ANSWERS.conflict));
    return async () => {};
  }
  return () => repo.deleteExternalId(deps.db, key);
}
