/**
 * A statement import is no longer one database transaction: its statement row is written first as
 * `importing` (with a lease its server renews batch by batch), its lines and matches in short
 * transactions, and the row turns `complete` last (recon/README.md "Import: short transactions,
 * all or nothing"). An import that fails or whose server dies is removed (lines, matches, breaks)
 * and its row kept as `failed` with the reason (Indonesian), so the operator sees it.
 * - `stmtState`: importing, complete or failed (existing rows: complete).
 * - `stmtLeaseUntil`: while importing, until when its server answers for it.
 * - `stmtFailure`: why a failed import failed, as the operator reads it.
 * Frozen: never edit, add a new migration.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema
    .alterTable('recon_statements')
    .addColumn('stmtState', 'varchar(10)', (c) => c.notNull().defaultTo('complete'))
    .execute();
  await db.schema.alterTable('recon_statements').addColumn('stmtLeaseUntil', ts).execute();
  await db.schema.alterTable('recon_statements').addColumn('stmtFailure', 'text').execute();
  await db.schema
    .createIndex('recon_statements_importing_idx')
    .on('recon_statements')
    .columns(['stmtState', 'stmtLeaseUntil'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('recon_statements_importing_idx').execute();
  for (const column of ['stmtFailure', 'stmtLeaseUntil', 'stmtState'])
    await db.schema.alterTable('recon_statements').dropColumn(column).execute();
}
