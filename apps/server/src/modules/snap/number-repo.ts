/**
 * SQL of the numbers we give merchants' bills: one counter per key (`va:<partnerServiceId>`,
 * `qris:<bank>`), moved by one upsert. On PostgreSQL its row lock holds until the caller's
 * transaction ends, so concurrent bills at one bank take their numbers in turn; SQLite has one writer.
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/tables.ts';

/** The key's next number (1 the first time), in the caller's transaction. */
export async function nextNumber(db: DbOrTx, key: string): Promise<number> {
  const row = await db
    .insertInto('snap_number_counters')
    .values({ sncnKey: key, sncnLast: 1 })
    .onConflict((oc) =>
      oc
        .column('sncnKey')
        .doUpdateSet({ sncnLast: sql`${sql.ref('snap_number_counters.sncnLast')} + 1` }),
    )
    .returning('sncnLast')
    .executeTakeFirstOrThrow();
  return Number(row.sncnLast);
}
