/** SQL of the partners' X-EXTERNAL-IDs (one per partner, business day and id: the primary key). */
import type { DbOrTx } from '../../../db/tables.ts';

export interface ExternalIdKey {
  clientId: string;
  day: string;
  externalId: string;
}

export async function insertExternalId(
  db: DbOrTx,
  key: ExternalIdKey,
  requestKey: string,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('snap_external_ids')
    .values({
      snexClientId: key.clientId,
      snexDay: key.day,
      snexExternalId: key.externalId,
      snexRequestKey: requestKey,
      snexCreatedAt: nowIso,
    })
    .execute();
}

export async function requestKeyOf(db: DbOrTx, key: ExternalIdKey): Promise<string | undefined> {
  const row = await db
    .selectFrom('snap_external_ids')
    .select('snexRequestKey')
    .where('snexClientId', '=', key.clientId)
    .where('snexDay', '=', key.day)
    .where('snexExternalId', '=', key.externalId)
    .executeTakeFirst();
  return row?.snexRequestKey;
}

export async function deleteExternalId(db: DbOrTx, key: ExternalIdKey): Promise<void> {
  await db
    .deleteFrom('snap_external_ids')
    .where('snexClientId', '=', key.clientId)
    .where('snexDay', '=', key.day)
    .where('snexExternalId', '=', key.externalId)
    .execute();
}

/** Ids of days before `day` (a partner may reuse an id on a new day). */
export async function deleteDaysBefore(db: DbOrTx, day: string): Promise<void> {
  await db.deleteFrom('snap_external_ids').where('snexDay', '<', day).execute();
}
