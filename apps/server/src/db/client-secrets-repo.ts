/**
 * The clients' signing secrets as stored: sealed (`v1:…`, security/secret-box.ts) or, until the
 * start-up step seals them, plain. Read and rewritten only by security/client-secrets.ts.
 */
import type { DbOrTx } from './tables.ts';

export interface StoredClientSecret {
  clntid: number;
  clntSecret: string;
}

/** Every client's stored secret, in id order. */
export function listClientSecrets(db: DbOrTx): Promise<StoredClientSecret[]> {
  return db.selectFrom('clients').select(['clntid', 'clntSecret']).orderBy('clntid').execute();
}

/**
 * Replaces a client's stored secret only if it is still `from` (another process may have sealed
 * or rotated it meanwhile); true when this call changed it. The secret's meaning is unchanged,
 * so the row's updated time and user stay as they are.
 */
export async function replaceClientSecret(
  db: DbOrTx,
  clntid: number,
  from: string,
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable('clients')
    .set({ clntSecret: to })
    .where('clntid', '=', clntid)
    .where('clntSecret', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
