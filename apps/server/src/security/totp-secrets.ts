/**
 * The users' two-factor secrets at rest: sealed when set up (modules/auth/two-factor.ts) and
 * re-sealed under the current data key by `npm run data-key:rotate`, like the client secrets.
 */
import { listTotpSecrets, replaceTotpSecret } from '../db/two-factor-secrets-repo.ts';
import type { DbOrTx } from '../db/tables.ts';
import { resealStored, type ResealReport } from './reseal.ts';
import type { SecretBox } from './secret-box.ts';
import { TOTP_SECRET_CONTEXT } from './totp.ts';

/** `unreadable`: users whose secret no given key opens (a Superadmin resets their two-factor). */
export type TotpRotationReport = ResealReport<string>;

export async function resealTotpSecrets(db: DbOrTx, box: SecretBox): Promise<TotpRotationReport> {
  const rows = (await listTotpSecrets(db)).map((r) => ({
    key: r.utfaUserId,
    stored: r.utfaSecret,
  }));
  return resealStored(box, TOTP_SECRET_CONTEXT, rows, (userId, from, to) =>
    replaceTotpSecret(db, userId, from, to),
  );
}
