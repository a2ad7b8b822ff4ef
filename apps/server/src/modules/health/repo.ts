/** SQL of the health checks and of the scrape-time notification backlog. */
import { NOTI_STATUS } from '@tagih/contract';
import { DEFAULT_MIGRATION_TABLE, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';

export async function selectOne(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** True when the migration table records `name` (throws when there is no migration table). */
export async function isMigrationRecorded(db: Kysely<Database>, name: string): Promise<boolean> {
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} where name = ${name}`.execute(db);
  return rows.length > 0;
}

export interface BacklogRow {
  pending: number;
  due: number;
  oldestDue: string | null;
  givenUp: number;
}

/**
 * Undelivered notifications (notiStatus 1) in one pass: pending ones have a next attempt, due
 * ones have it now or earlier, given-up ones have none left. Served by the (status, next
 * attempt) index the retry worker uses.
 */
export async function notificationBacklog(
  db: Kysely<Database>,
  nowIso: string,
): Promise<BacklogRow> {
  const row = await db
    .selectFrom('notifications')
    .where('notiStatus', '=', NOTI_STATUS.PENDING)
    .select((eb) => [
      eb.fn
        .count<number>(eb.case().when('notiNextAttemptAt', 'is not', null).then(1).end())
        .as('pending'),
      eb.fn
        .count<number>(eb.case().when('notiNextAttemptAt', '<=', nowIso).then(1).end())
        .as('due'),
      eb.fn
        .min<string | null>(
          eb.case().when('notiNextAttemptAt', '<=', nowIso).then(eb.ref('notiNextAttemptAt')).end(),
        )
        .as('oldestDue'),
      eb.fn
        .count<number>(eb.case().when('notiNextAttemptAt', 'is', null).then(1).end())
        .as('givenUp'),
    ])
    .executeTakeFirstOrThrow();
  return {
    pending: Number(row.pending),
    due: Number(row.due),
    oldestDue: row.oldestDue ?? null,
    givenUp: Number(row.givenUp),
  };
}
