/**
 * `login_rate_limit`: the per-address sign-in limit (LOGIN_RATE_LIMIT), kept in the database so
 * that every server process counts against one budget per client address (when REDIS_URL is
 * set, Redis keeps it instead). One row per route and address: the window's start and count.
 * Frozen: never edit, add a new migration.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('login_rate_limit')
    .addColumn('lrlmKey', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('lrlmWindowStart', ts, (c) => c.notNull())
    .addColumn('lrlmCount', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_rate_limit_window_idx')
    .on('login_rate_limit')
    .column('lrlmWindowStart')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_rate_limit').execute();
}
