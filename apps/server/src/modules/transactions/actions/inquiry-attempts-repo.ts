/** SQL of the inquiry log: one row per bank inquiry of a transaction (its timeline reads them). */
import type { DbOrTx, NewRow } from '../../../db/tables.ts';

export async function insertAttempt(db: DbOrTx, row: NewRow<'inquiry_attempts'>): Promise<void> {
  await db.insertInto('inquiry_attempts').values(row).execute();
}
