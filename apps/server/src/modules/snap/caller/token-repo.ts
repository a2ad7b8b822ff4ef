/** SQL of the SNAP bearer tokens (stored as SHA-256 hashes: any instance accepts them, the table gives none away). */
import type { DbOrTx } from '../../../db/tables.ts';

export async function insertToken(
  db: DbOrTx,
  row: { hash: string; clientId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('snap_access_tokens')
    .values({
      sntkTokenHash: row.hash,
      sntkClientId: row.clientId,
      sntkCreatedAt: row.createdAt,
      sntkExpiresAt: row.expiresAt,
    })
    .execute();
}

/** The client id of a live token, or undefined. */
export async function liveTokenClient(
  db: DbOrTx,
  hash: string,
  nowIso: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('snap_access_tokens')
    .select('sntkClientId')
    .where('sntkTokenHash', '=', hash)
    .where('sntkExpiresAt', '>', nowIso)
    .executeTakeFirst();
  return row?.sntkClientId;
}

export async function deleteExpiredTokens(db: DbOrTx, nowIso: string): Promise<void> {
  await db.deleteFrom('snap_access_tokens').where('sntkExpiresAt', '<=', nowIso).execute();
}

/** Ends every token of a client id (its API access revoked or replaced). */
export async function deleteTokensOf(db: DbOrTx, clientId: string): Promise<void> {
  await db.deleteFrom('snap_access_tokens').where('sntkClientId', '=', clientId).execute();
}
