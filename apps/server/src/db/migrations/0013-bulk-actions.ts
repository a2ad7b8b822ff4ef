/**
 * Bulk actions (modules/bulk-actions): `bulk_jobs` (one bulk Inquiry or
 * notification re-send: who, why, which company, its idempotency key) and `bulk_job_items`
 * (one transaction of a job, its bank or merchant, and its outcome). Frozen: never edit, add a
 * new migration.
 *
 * Indexes: the user's key is unique (a repeated start returns the job it made); a transaction
 * waits in at most one job per action (partial unique index on pending items: a second job, even
 * one racing the first, cannot queue it again); the worker finds each bank's and merchant's pending items (partial index) and counts a
 * bank's or merchant's recent claims (the rate window); a transaction's recent items of an action,
 * and an action's recently finished items, answer "recently done".
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  let jobs = db.schema.createTable('bulk_jobs');
  jobs = pg
    ? jobs.addColumn('bulkId', 'serial', (c) => c.primaryKey())
    : jobs.addColumn('bulkId', 'integer', (c) => c.primaryKey().autoIncrement());
  await jobs
    .addColumn('bulkCompId', 'integer', (c) =>
      c.notNull().references('companies.compId').onDelete('cascade'),
    )
    .addColumn('bulkAction', 'varchar(10)', (c) => c.notNull())
    .addColumn('bulkSource', 'varchar(20)', (c) => c.notNull())
    .addColumn('bulkReason', 'varchar(500)', (c) => c.notNull())
    .addColumn('bulkStatus', 'varchar(10)', (c) => c.notNull())
    .addColumn('bulkCreatedUserId', 'varchar(50)', (c) => c.notNull())
    .addColumn('bulkCreatedUsername', 'varchar(50)', (c) => c.notNull())
    .addColumn('bulkCreatedTime', ts, (c) => c.notNull())
    .addColumn('bulkFinishedTime', ts)
    .addColumn('bulkIdempotencyKey', 'varchar(36)', (c) => c.notNull())
    .addUniqueConstraint('bulk_jobs_idempotency_uq', ['bulkCreatedUserId', 'bulkIdempotencyKey'])
    .execute();
  await db.schema
    .createIndex('bulk_jobs_user_idx')
    .on('bulk_jobs')
    .columns(['bulkCreatedUserId', 'bulkCompId', 'bulkId'])
    .execute();

  let items = db.schema.createTable('bulk_job_items');
  items = pg
    ? items.addColumn('bjitId', 'serial', (c) => c.primaryKey())
    : items.addColumn('bjitId', 'integer', (c) => c.primaryKey().autoIncrement());
  await items
    .addColumn('bjitJobId', 'integer', (c) =>
      c.notNull().references('bulk_jobs.bulkId').onDelete('cascade'),
    )
    .addColumn('bjitTrctId', 'integer', (c) =>
      c.notNull().references('transactions.trctId').onDelete('cascade'),
    )
    // The job's action again: the indexes below are per action.
    .addColumn('bjitAction', 'varchar(10)', (c) => c.notNull())
    .addColumn('bjitOrderId', 'varchar(64)')
    .addColumn('bjitGroup', 'varchar(100)', (c) => c.notNull())
    .addColumn('bjitStatus', 'varchar(10)', (c) => c.notNull())
    .addColumn('bjitMessage', 'text')
    .addColumn('bjitClaimedTime', ts)
    .addColumn('bjitLeaseUntil', ts)
    .addColumn('bjitFinishedTime', ts)
    .execute();
  await db.schema
    .createIndex('bulk_job_items_job_idx')
    .on('bulk_job_items')
    .columns(['bjitJobId', 'bjitId'])
    .execute();
  await db.schema
    .createIndex('bulk_job_items_pending_uq')
    .on('bulk_job_items')
    .columns(['bjitTrctId', 'bjitAction'])
    .unique()
    .where(sql.ref('bjitStatus'), '=', sql.lit('pending'))
    .execute();
  await db.schema
    .createIndex('bulk_job_items_recent_idx')
    .on('bulk_job_items')
    .columns(['bjitTrctId', 'bjitAction', 'bjitFinishedTime'])
    .execute();
  await db.schema
    .createIndex('bulk_job_items_done_idx')
    .on('bulk_job_items')
    .columns(['bjitAction', 'bjitFinishedTime'])
    .execute();
  await db.schema
    .createIndex('bulk_job_items_work_idx')
    .on('bulk_job_items')
    .columns(['bjitAction', 'bjitGroup', 'bjitId'])
    .where(sql.ref('bjitStatus'), '=', sql.lit('pending'))
    .execute();
  await db.schema
    .createIndex('bulk_job_items_rate_idx')
    .on('bulk_job_items')
    .columns(['bjitAction', 'bjitGroup', 'bjitClaimedTime'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bulk_job_items').execute();
  await db.schema.dropTable('bulk_jobs').execute();
}
