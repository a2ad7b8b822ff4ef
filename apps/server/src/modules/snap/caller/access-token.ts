/**
 * Service 73, access-token/b2b: a bank or a merchant (callers.ts: the client key says which) proves
 * who it is with an RSA signature over `clientId|X-TIMESTAMP` (its registered public key checks it)
 * and receives a bearer token for 900 s, stored hashed so that every instance on the database accepts it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { businessDate, SNAP_ANSWERS } from '@tagih/contract';
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import {
  badField,
  missingField,
  SNAP_SERVICE,
  successful,
  unauthorized,
  type SnapAnswer,
  type SnapService,
} from '../answers.ts';
import type { SnapCall } from './call.ts';
import { deleteDaysBefore } from './external-id-repo.ts';
import { BodyReader } from '../fields.ts';
import { callerByClientId, credentialsOf } from './callers.ts';
import { timestampIsFresh, tokenSignatureIsValid } from './signature-check.ts';
import * as repo from './token-repo.ts';

export const TOKEN_LIFETIME_SECONDS = 900;

const SERVICE = SNAP_SERVICE.accessToken;

export const tokenHash = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

export function headerOf(call: SnapCall, service: SnapService, name: string): string {
  const value = call.headers[name.toLowerCase()];
  if (value === undefined || value.trim() === '') throw missingField(service, name);
  return value;
}

export async function issueAccessToken(deps: AppDeps, call: SnapCall): Promise<SnapAnswer> {
  const clientId = headerOf(call, SERVICE, 'X-CLIENT-KEY');
  const timestamp = headerOf(call, SERVICE, 'X-TIMESTAMP');
  const signature = headerOf(call, SERVICE, 'X-SIGNATURE');
  const caller = await callerByClientId(deps, clientId);
  if (!caller) throw unauthorized(SERVICE, SNAP_ANSWERS.reason.unknownClient);
  const now = deps.clock.now();
  if (!timestampIsFresh(timestamp, now)) throw unauthorized(SERVICE, SNAP_ANSWERS.reason.timestamp);
  if (!tokenSignatureIsValid(credentialsOf(caller).publicKey, clientId, timestamp, signature))
    throw unauthorized(SERVICE, SNAP_ANSWERS.reason.signature);
  const body = BodyReader.of(SERVICE, call.body);
  const grantType = body.required('grantType', 64);
  if (grantType !== 'client_credentials') throw badField(SERVICE, 'grantType');

  const accessToken = randomBytes(32).toString('base64url');
  // Housekeeping where it is cheap: a partner asks for a token every 15 minutes.
  await repo.deleteExpiredTokens(deps.db, iso(now));
  await deleteDaysBefore(deps.db, businessDate(now, deps.config.businessTz));
  await repo.insertToken(deps.db, {
    hash: tokenHash(accessToken),
    clientId,
    createdAt: iso(now),
    expiresAt: iso(new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000)),
  });
  return successful(SERVICE, {
    accessToken,
    tokenType: 'Bearer',
    expiresIn: String(TOKEN_LIFETIME_SECONDS),
  });
}
