/**
 * A bulk job's idempotency key is unique per user AND company (it was per user: a start from
 * another company with a key already used answered that company's job). Frozen: never edit, add
 * a new migration.
 *
 * PostgreSQL swaps the constraint. SQLite cannot drop a table constraint: the table is rebuilt
 * from its own definition with the new constraint, with foreign keys off meanwhile (dropping the
 * old table would otherwise delete the jobs' items through their cascade), in one transaction.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const OLD_UNIQUE =
  'constraint "bulk_jobs_idempotency_uq" unique ("bulkCreatedUserId", "bulkIdempotencyKey")';
const NEW_UNIQUE =
  'constraint "bulk_jobs_idempotency_uq" unique ("bulkCreatedUserId", "bulkCompId", "bulkIdempotencyKey")';

async function rebuildOnSqlite(db: Kysely<any>, from: string, to: string): Promise<void> {
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'bulk_jobs'`.execute(db);
  const definition = found.rows[0]?.sql ?? '';
  if (!definition.includes(from))
    throw new Error(`bulk_jobs does not have the expected constraint: ${definition}`);
  const next = definition
    .replace(from, to)
    .replace(/^create table "bulk_jobs"/i, 'create table "bulk_jobs_next"');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(next).execute(db);
      await sql`insert into "bulk_jobs_next" select * from "bulk_jobs"`.execute(db);
      await sql`drop table "bulk_jobs"`.execute(db);
      await sql`alter table "bulk_jobs_next" rename to "bulk_jobs"`.execute(db);
      await db.schema
        .createIndex('bulk_jobs_user_idx')
        .on('bulk_jobs')
        .columns(['bulkCreatedUserId', 'bulkCompId', 'bulkId'])
        .execute();
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0)
        throw new Error(`bulk_jobs rebuild left ${broken.rows.length} broken references`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function swapOnPostgres(db: Kysely<any>, columns: string[]): Promise<void> {
  await db.schema.alterTable('bulk_jobs').dropConstraint('bulk_jobs_idempotency_uq').execute();
  await db.schema
    .alterTable('bulk_jobs')
    .addUniqueConstraint('bulk_jobs_idempotency_uq', columns)
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await swapOnPostgres(db, ['bulkCreatedUserId', 'bulkCompId', 'bulkIdempotencyKey']);
  else await rebuildOnSqlite(db, OLD_UNIQUE, NEW_UNIQUE);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await swapOnPostgres(db, ['bulkCreatedUserId', 'bulkIdempotencyKey']);
  else await rebuildOnSqlite(db, NEW_UNIQUE, OLD_UNIQUE);
}
