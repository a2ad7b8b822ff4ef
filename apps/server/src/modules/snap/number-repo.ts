/**
 * SQL of the numbers we give merchants' bills (VA customer numbers, QRIS references).
 * PostgreSQL: one sequence, `snap_number_seq` (migration 0040), for every key: nextval takes no
 * lock that lasts to the commit, so bills at one bank open side by side instead of in turn (a
 * bank's numbers then skip the ones the other keys took, and a rolled-back bill's number is not
 * given again: both harmless, the callers skip a number a bill already carries).
 * SQLite: one counter per key (`va:<partnerServiceId>`, `qris:<bank>`) moved by one upsert; its
 * one writer runs one transaction at a time anyway.
 */
import { sql } from 'kysely';
import { isPostgres, type DbOrTx } from '../../db/tables.ts';

/** The key's next number, in the caller's transaction. */
export async function nextNumber(db: DbOrTx, key: string): Promise<number> {
  if (isPostgres(db)) {
    const { rows } = await sql<{
      n: string | number;
    }>`select nextval('snap_number_seq') as n`.execute(db);
    return Number(rows[0]!.n);
  }
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
