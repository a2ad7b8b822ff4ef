/**
 * The clients' SNAP API secrets at rest (the HMAC keys of merchants' calls to /snap): sealed when
 * issued (modules/merchant-access), opened where a call's signature is checked, re-sealed under the
 * current data key by `npm run data-key:rotate`. Never stored plain: without a data key none is issued.
 */
import { listClientApiSecrets, replaceClientApiSecret } from '../db/client-api-secrets-repo.ts';
import type { DbOrTx } from '../db/tables.ts';
import { resealStored, type ResealReport } from './reseal.ts';
import type { SecretBox } from './secret-box.ts';

/** Where the secret lives: part of every sealed value's authenticated data. */
export const CLIENT_API_SECRET_CONTEXT = 'client_snap_credentials.clsnSecret';

export const sealClientApiSecret = (box: SecretBox, plain: string): string =>
  box.seal(plain, CLIENT_API_SECRET_CONTEXT);

/** The plain secret; throws SecretBoxError when it cannot be opened (no key that sealed it, altered). */
export const openClientApiSecret = (box: SecretBox, stored: string): string =>
  box.open(stored, CLIENT_API_SECRET_CONTEXT);

/** `unreadable`: the clntids whose secret no given key opens (issue them new credentials). */
export async function resealClientApiSecrets(
  db: DbOrTx,
  box: SecretBox,
): Promise<ResealReport<number>> {
  const rows = (await listClientApiSecrets(db)).map((r) => ({
    key: r.clsnClntId,
    stored: r.clsnSecret,
  }));
  return resealStored(box, CLIENT_API_SECRET_CONTEXT, rows, (clntid, from, to) =>
    replaceClientApiSecret(db, clntid, from, to),
  );
}
