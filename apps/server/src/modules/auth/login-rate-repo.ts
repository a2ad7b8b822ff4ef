/**
 * SQL of the per-address sign-in limit (table login_rate_limit): one atomic
 * `insert … on conflict do update … returning` per attempt, on SQLite and PostgreSQL alike, so
 * that every server process counts against the same budget.
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/tables.ts';

const current = (column: 'lrlmCount' | 'lrlmWindowStart') => sql.ref(`login_rate_limit.${column}`);

/**
 * Counts one more sign-in under `key` in a fixed window: the window restarts (count 1, start now)
 * when the current one began at or before `windowCutoffIso`. Returns the new count and the start.
 */
export async function countAttempt(
  db: DbOrTx,
  key: string,
  nowIso: string,
  windowCutoffIso: string,
): Promise<{ count: number; windowStart: string }> {
  const expired = sql<boolean>`${current('lrlmWindowStart')} <= ${windowCutoffIso}`;
  const row = await db
    .insertInto('login_rate_limit')
    .values({ lrlmKey: key, lrlmWindowStart: nowIso, lrlmCount: 1 })
    .onConflict((oc) =>
      oc.column('lrlmKey').doUpdateSet({
        lrlmCount: sql<number>`case when ${expired} then 1 else ${current('lrlmCount')} + 1 end`,
        lrlmWindowStart: sql<string>`case when ${expired} then ${sql.ref('excluded.lrlmWindowStart')} else ${current('lrlmWindowStart')} end`,
      }),
    )
    .returning(['lrlmCount', 'lrlmWindowStart'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.lrlmCount), windowStart: new Date(row.lrlmWindowStart).toISOString() };
}

/** Forgets windows that began before `beforeIso`. */
export async function deleteStale(db: DbOrTx, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('login_rate_limit')
    .where('lrlmWindowStart', '<', beforeIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
