/** SQL of what a user may see in reconciliation: the companies linked to them. */
import type { DbOrTx } from '../../db/tables.ts';

export async function linkedCompanyIds(db: DbOrTx, userId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('user_companies')
    .select('uscoCompId')
    .where('uscoUserId', '=', userId)
    .execute();
  return rows.map((r) => r.uscoCompId);
}
