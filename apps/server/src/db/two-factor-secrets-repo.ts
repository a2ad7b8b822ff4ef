/** The users' two-factor (TOTP) secrets as stored, sealed: read and rewritten by the data-key rotation only. */
import type { DbOrTx } from './tables.ts';

export interface StoredTotpSecret {
  utfaUserId: string;
  utfaSecret: string;
}

export function listTotpSecrets(db: DbOrTx): Promise<StoredTotpSecret[]> {
  return db
    .selectFrom('user_two_factor')
    .select(['utfaUserId', 'utfaSecret'])
    .orderBy('utfaUserId')
    .execute();
}

/** Replaces a stored secret only if it is still `from`; true when this call changed it. */
export async function replaceTotpSecret(
  db: DbOrTx,
  userId: string,
  from: string,
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ utfaSecret: to })
    .where('utfaUserId', '=', userId)
    .where('utfaSecret', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
