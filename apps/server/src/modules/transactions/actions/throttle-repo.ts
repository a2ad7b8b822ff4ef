/**
 * SQL of the action throttles (table action_throttle): each check is one atomic
 * `insert … on conflict do update … returning`, on SQLite (≥ 3.35) and PostgreSQL alike, so that
 * several server processes share the counts.
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/tables.ts';

const current = (column: 'acthCount' | 'acthWindowStart') => sql.ref(`action_throttle.${column}`);

/**
 * Counts one more action under `key` in a fixed window: the window restarts (count 1, start now)
 * when the current one began at or before `windowCutoffIso`. Returns the new count and the start.
 */
export async function countInWindow(
  db: DbOrTx,
  key: string,
  nowIso: string,
  windowCutoffIso: string,
): Promise<{ count: number; windowStart: string }> {
  const expired = sql<boolean>`${current('acthWindowStart')} <= ${windowCutoffIso}`;
  const row = await db
    .insertInto('action_throttle')
    .values({ acthKey: key, acthWindowStart: nowIso, acthCount: 1, acthLeaseUntil: null })
    .onConflict((oc) =>
      oc.column('acthKey').doUpdateSet({
        acthCount: sql<number>`case when ${expired} then 1 else ${current('acthCount')} + 1 end`,
        acthWindowStart: sql<string>`case when ${expired} then ${sql.ref('excluded.acthWindowStart')} else ${current('acthWindowStart')} end`,
      }),
    )
    .returning(['acthCount', 'acthWindowStart'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.acthCount), windowStart: row.acthWindowStart };
}

/**
 * Starts an action under `key` when no lease is in force and the last start was at or before
 * `intervalCutoffIso`: records the start (and the lease until `leaseUntilIso`, if any). False when refused.
 */
export async function claimSlot(
  db: DbOrTx,
  key: string,
  nowIso: string,
  intervalCutoffIso: string,
  leaseUntilIso: string | null,
): Promise<boolean> {
  const rows = await db
    .insertInto('action_throttle')
    .values({ acthKey: key, acthWindowStart: nowIso, acthCount: 1, acthLeaseUntil: leaseUntilIso })
    .onConflict((oc) =>
      oc
        .column('acthKey')
        .doUpdateSet({
          acthWindowStart: (eb) => eb.ref('excluded.acthWindowStart'),
          acthCount: sql<number>`${current('acthCount')} + 1`,
          acthLeaseUntil: (eb) => eb.ref('excluded.acthLeaseUntil'),
        })
        .where((eb) =>
          eb.and([
            eb.or([
              eb('action_throttle.acthLeaseUntil', 'is', null),
              eb('action_throttle.acthLeaseUntil', '<=', nowIso),
            ]),
            eb('action_throttle.acthWindowStart', '<=', intervalCutoffIso),
          ]),
        ),
    )
    .returning('acthKey')
    .execute();
  return rows.length === 1;
}

export function findSlot(db: DbOrTx, key: string) {
  return db
    .selectFrom('action_throttle')
    .select(['acthWindowStart', 'acthLeaseUntil'])
    .where('acthKey', '=', key)
    .executeTakeFirst();
}

/** Ends the lease taken by the start at `startedIso` (a later start's lease is left alone). */
export async function releaseSlot(db: DbOrTx, key: string, startedIso: string): Promise<void> {
  await db
    .updateTable('action_throttle')
    .set({ acthLeaseUntil: null })
    .where('acthKey', '=', key)
    .where('acthWindowStart', '=', startedIso)
    .execute();
}

/** Forgets rows whose window and lease ended before `beforeIso`. */
export async function deleteStale(db: DbOrTx, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('action_throttle')
    .where('acthWindowStart', '<', beforeIso)
    .where((eb) => eb.or([eb('acthLeaseUntil', 'is', null), eb('acthLeaseUntil', '<', beforeIso)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Extends the lease taken by the start at `startedIso` to `untilIso` (a later start's lease is left alone). */
export async function renewSlot(
  db: DbOrTx,
  key: string,
  startedIso: string,
  untilIso: string,
): Promise<void> {
  await db
    .updateTable('action_throttle')
    .set({ acthLeaseUntil: untilIso })
    .where('acthKey', '=', key)
    .where('acthWindowStart', '=', startedIso)
    .execute();
}
