/**
 * `action_throttle`: the throttles of the actions that call out to a bank or a merchant (Inquiry,
 * Notif), kept in the database so that they hold across server processes. One row per scope key:
 * a per-user window (start and count) or a per-transaction last start and in-flight lease.
 * Frozen: never edit, add a new migration.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('action_throttle')
    .addColumn('acthKey', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('acthWindowStart', ts, (c) => c.notNull())
    .addColumn('acthCount', 'integer', (c) => c.notNull())
    .addColumn('acthLeaseUntil', ts)
    .execute();
  await db.schema
    .createIndex('action_throttle_window_idx')
    .on('action_throttle')
    .column('acthWindowStart')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('action_throttle').execute();
}
