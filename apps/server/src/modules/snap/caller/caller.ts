/**
 * Who makes a SNAP service call, proven: a live bearer token of ours, the X-PARTNER-ID it was issued
 * to, an X-TIMESTAMP within 5 minutes, and an HMAC-SHA512 signature with the caller's client secret
 * over the raw body (signature-check.ts). Anything else is refused before the body is read. Then
 * the service must be the caller's: banks pay bills, merchants open them (403xx01 otherwise).
 * A partner over its rate is answered 429xx00 (partner-rate.ts).
 */
import { SNAP_ANSWERS } from '@tagih/contract';
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import {
  badField,
  featureNotAllowed,
  invalidToken,
  tooManyRequests,
  unauthorized,
  type SnapService,
} from '../answers.ts';
import { headerOf, tokenHash } from './access-token.ts';
import type { AuthenticatedCall, MerchantCall, PartnerCall, SnapCall } from './call.ts';
import { callerByClientId, credentialsOf } from './callers.ts';
import { admitPartnerCall } from './partner-rate.ts';
import { serviceSignatureIsValid, timestampIsFresh } from './signature-check.ts';
import { liveTokenClient } from './token-repo.ts';

/** SNAP's X-EXTERNAL-ID: digits, unique per partner per day (banks document 9 to 36 characters). */
const EXTERNAL_ID = /^\d{1,36}$/;

async function authenticateCall(
  deps: AppDeps,
  service: SnapService,
  call: SnapCall,
): Promise<AuthenticatedCall> {
  const authorization = call.headers['authorization'];
  const token = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  if (!token) throw invalidToken(service);
  const timestamp = headerOf(call, service, 'X-TIMESTAMP');
  const signature = headerOf(call, service, 'X-SIGNATURE');
  const partnerId = headerOf(call, service, 'X-PARTNER-ID');
  const externalId = headerOf(call, service, 'X-EXTERNAL-ID');
  headerOf(call, service, 'CHANNEL-ID');
  if (!EXTERNAL_ID.test(externalId)) throw badField(service, 'X-EXTERNAL-ID');

  const now = deps.clock.now();
  const clientId = await liveTokenClient(deps.db, tokenHash(token), iso(now));
  const caller = clientId === undefined ? undefined : await callerByClientId(deps, clientId);
  if (!caller) throw invalidToken(service);
  const credentials = credentialsOf(caller);
  if (partnerId !== credentials.clientId)
    throw unauthorized(service, SNAP_ANSWERS.reason.partnerId);
  if (!timestampIsFresh(timestamp, now)) throw unauthorized(service, SNAP_ANSWERS.reason.timestamp);
  const signed = serviceSignatureIsValid({
    method: call.method,
    path: call.path,
    accessToken: token,
    rawBody: call.rawBody,
    timestamp,
    clientSecret: credentials.clientSecret,
    signature,
  });
  if (!signed) throw unauthorized(service, SNAP_ANSWERS.reason.signature);
  if (!admitPartnerCall(deps, credentials.clientId)) throw tooManyRequests(service);
  return { ...call, caller, clientId: credentials.clientId, externalId };
}

/** A bank's call (VA inquiry and payment, QRIS notify). */
export async function authenticateBankCall(
  deps: AppDeps,
  service: SnapService,
  call: SnapCall,
): Promise<PartnerCall> {
  const authenticated = await authenticateCall(deps, service, call);
  if (authenticated.caller.kind !== 'bank')
    throw featureNotAllowed(service, SNAP_ANSWERS.reason.notForCaller);
  return { ...authenticated, partner: authenticated.caller.partner };
}

/** A merchant's call (opening, reading and cancelling its bills). */
export async function authenticateMerchantCall(
  deps: AppDeps,
  service: SnapService,
  call: SnapCall,
): Promise<MerchantCall> {
  const authenticated = await authenticateCall(deps, service, call);
  if (authenticated.caller.kind !== 'merchant')
    throw featureNotAllowed(service, SNAP_ANSWERS.reason.notForCaller);
  return { ...authenticated, merchant: authenticated.caller.merchant };
}
