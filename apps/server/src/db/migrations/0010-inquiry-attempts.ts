/**
 * `inquiry_attempts`: one row per bank inquiry of a transaction (for its timeline):
 * when it was asked, who asked, what was asked (no secrets), what the bank answered and how long
 * it took. Also an index to find a transaction's audit events (target type and id) quickly.
 * Frozen: never edit, add a new migration.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  let table = db.schema.createTable('inquiry_attempts');
  table = pg
    ? table.addColumn('inatId', 'serial', (c) => c.primaryKey())
    : table.addColumn('inatId', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('inatTrctId', 'integer', (c) =>
      c.notNull().references('transactions.trctId').onDelete('cascade'),
    )
    .addColumn('inatAt', ts, (c) => c.notNull())
    .addColumn('inatUserId', 'varchar(50)')
    .addColumn('inatUsername', 'varchar(50)')
    .addColumn('inatBank', 'varchar(50)', (c) => c.notNull())
    .addColumn('inatRequest', 'text', (c) => c.notNull())
    .addColumn('inatOutcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('inatResponseCode', 'varchar(20)')
    .addColumn('inatMessage', 'text')
    .addColumn('inatHttpStatus', 'integer')
    .addColumn('inatLatencyMs', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inquiry_attempts_trct_idx')
    .on('inquiry_attempts')
    .columns(['inatTrctId', 'inatId'])
    .execute();
  await db.schema
    .createIndex('audit_events_target_idx')
    .on('audit_events')
    .columns(['audtTargetType', 'audtTargetId', 'audtId'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_events_target_idx').execute();
  await db.schema.dropTable('inquiry_attempts').execute();
}
