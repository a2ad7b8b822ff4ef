/**
 * A client's (merchant's) SNAP API access, given from the Client screen: its RSA public key is
 * registered, and it receives a client id and a client secret, the secret shown once and kept
 * sealed under the data key. Giving it again replaces the key and the secret (the client id stays)
 * and ends the tokens issued before; revoking removes it and ends them too. Allowed to a Superadmin,
 * or to a holder of master_client_api.update for the clients of their own companies (the route's
 * permission; least privilege here). Every step, and every refusal, is in the audit trail.
 */
import { createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import {
  AUDIT_ACTIONS,
  MESSAGES,
  type ClientApiAccess,
  type ClientApiAccessBody,
} from '@tagih/contract';
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { sealClientApiSecret } from '../../../security/client-api-secrets.ts';
import {
  isPublishedKey,
  keyFingerprint,
  PUBLISHED_KEY_MESSAGE,
} from '../../../security/published-keys.ts';
import type { Actor } from '../../../shared/actor.ts';
import { AppError, Forbidden, Invalid, NotFound } from '../../../shared/errors.ts';
import { recordAudit } from '../../audit/service.ts';
import * as repo from './merchant-access-repo.ts';
import { deleteTokensOf } from '../caller/token-repo.ts';

/** The smallest RSA key we accept (NIST SP 800-57: 2048 bits through 2030). */
export const MIN_RSA_BITS = 2048;

/**
 * The key as we store it (SPKI PEM), and a short fingerprint for the audit trail; Invalid when it
 * is not an RSA public key of 2048 bits or more, or is a published example key (security/published-keys.ts).
 */
function readPublicKey(pem: string): { pem: string; fingerprint: string } {
  // A private key would give its public half too: refused, it should never have left the merchant.
  if (!/-----BEGIN (RSA )?PUBLIC KEY-----/.test(pem) || /PRIVATE KEY/.test(pem))
    throw new Invalid(MESSAGES.clientApiKeyInvalid, { publicKey: MESSAGES.clientApiKeyInvalid });
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    throw new Invalid(MESSAGES.clientApiKeyInvalid, { publicKey: MESSAGES.clientApiKeyInvalid });
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < MIN_RSA_BITS)
    throw new Invalid(MESSAGES.clientApiKeyInvalid, { publicKey: MESSAGES.clientApiKeyInvalid });
  if (isPublishedKey(key))
    throw new Invalid(PUBLISHED_KEY_MESSAGE, { publicKey: PUBLISHED_KEY_MESSAGE });
  return {
    pem: key.export({ type: 'spki', format: 'pem' }).toString(),
    fingerprint: keyFingerprint(key),
  };
}

const newClientId = (clntid: number): string =>
  `merchant-${clntid}-${randomBytes(6).toString('hex')}`;

/** The client, when the actor may manage its access; refusals recorded as denied. */
async function reachableClient(
  deps: AppDeps,
  actor: Actor,
  clntid: number,
  action: typeof AUDIT_ACTIONS.clientApiIssued | typeof AUDIT_ACTIONS.clientApiRevoked,
) {
  const client = await repo.clientById(deps.db, clntid);
  if (!client) throw new NotFound(`Client ${clntid} not found`);
  if (
    !actor.session.isSuperadmin &&
    !(await repo.userReachesClient(deps.db, actor.session.userId, clntid))
  ) {
    await recordAudit(deps.db, deps.clock, actor.audit, {
      action,
      outcome: 'denied',
      target: { type: 'client', id: clntid },
      details: { clntid, reason: MESSAGES.clientApiNotYours },
    });
    throw new Forbidden(MESSAGES.clientApiNotYours);
  }
  return client;
}

export async function issueApiAccess(
  deps: AppDeps,
  actor: Actor,
  clntid: number,
  body: ClientApiAccessBody,
): Promise<ClientApiAccess> {
  // Bad input is the caller's to fix (400) before what the server lacks (503).
  const key = readPublicKey(body.publicKey);
  await reachableClient(deps, actor, clntid, AUDIT_ACTIONS.clientApiIssued);
  if (!deps.secretBox) throw new AppError(503, MESSAGES.clientApiNeedsDataKey);
  const box = deps.secretBox;
  const clientSecret = randomBytes(32).toString('base64url');
  const clientId = await deps.db.transaction().execute(async (tx) => {
    const existing = await repo.clientIdOf(tx, clntid);
    const id = existing ?? newClientId(clntid);
    await repo.saveCredentials(tx, {
      clntid,
      clientId: id,
      publicKey: key.pem,
      sealedSecret: sealClientApiSecret(box, clientSecret),
      userId: actor.session.userId,
      nowIso: iso(deps.clock.now()),
    });
    if (existing) await deleteTokensOf(tx, existing);
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.clientApiIssued,
      target: { type: 'client', id: clntid },
      details: {
        clntid,
        clientId: id,
        rotated: existing !== undefined,
        keyFingerprint: key.fingerprint,
      },
    });
    return id;
  });
  return { clientId, clientSecret };
}

export async function revokeApiAccess(
  deps: AppDeps,
  actor: Actor,
  clntid: number,
): Promise<{ clientId: string }> {
  await reachableClient(deps, actor, clntid, AUDIT_ACTIONS.clientApiRevoked);
  return deps.db.transaction().execute(async (tx) => {
    const clientId = await repo.clientIdOf(tx, clntid);
    if (clientId === undefined) throw new NotFound(MESSAGES.clientApiNone);
    await repo.deleteCredentials(tx, clntid);
    await deleteTokensOf(tx, clientId);
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.clientApiRevoked,
      target: { type: 'client', id: clntid },
      details: { clntid, clientId },
    });
    return { clientId };
  });
}
