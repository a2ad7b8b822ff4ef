/** The clients' SNAP API secrets as stored (sealed): read and rewritten by the data-key rotation only (security/client-api-secrets.ts). */
import type { DbOrTx } from './tables.ts';

export function listClientApiSecrets(
  db: DbOrTx,
): Promise<{ clsnClntId: number; clsnSecret: string }[]> {
  return db
    .selectFrom('client_snap_credentials')
    .select(['clsnClntId', 'clsnSecret'])
    .orderBy('clsnClntId')
    .execute();
}

/** Replaces a stored secret only if it is still `from`; true when this call changed it. */
export async function replaceClientApiSecret(
  db: DbOrTx,
  clntid: number,
  from: string,
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable('client_snap_credentials')
    .set({ clsnSecret: to })
    .where('clsnClntId', '=', clntid)
    .where('clsnSecret', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
