/**
 * The users' two-factor secrets at rest: sealed when set up (modules/auth/two-factor.ts) and
 * re-sealed under the current data key by `npm run data-key:rotate`, like the client secrets.
 */
import { listTotpSecrets, replaceTotpSecret } from '../db/two-factor-secrets-repo.ts';
import type { DbOrTx } from '../db/tables.ts';
import { SecretBoxError, type SecretBox } from './secret-box.ts';
import { TOTP_SECRET_CONTEXT } from './totp.ts';

export interface TotpRotationReport {
  resealed: number;
  current: number;
  /** Users whose secret no given key opens (left as it is: a Superadmin resets their two-factor). */
  unreadable: string[];
}

export async function resealTotpSecrets(db: DbOrTx, box: SecretBox): Promise<TotpRotationReport> {
  const report: TotpRotationReport = { resealed: 0, current: 0, unreadable: [] };
  for (const row of await listTotpSecrets(db)) {
    if (box.isCurrent(row.utfaSecret)) {
      report.current++;
      continue;
    }
    let plain: string;
    try {
      plain = box.open(row.utfaSecret, TOTP_SECRET_CONTEXT);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      report.unreadable.push(row.utfaUserId);
      continue;
    }
    if (await replaceTotpSecret(db, row.utfaUserId, row.utfaSecret, box.seal(plain, TOTP_SECRET_CONTEXT))) report.resealed++;
  }
  return report;
}
