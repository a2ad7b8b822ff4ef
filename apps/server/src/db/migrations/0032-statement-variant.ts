/**
 * The variant each imported statement was read as ('mt940:swift-envelope', 'csv:bri',
 * 'xlsx:mandiri-ib'), for the statements list: which of the banks' ways of writing a statement
 * the file was. Null for the statements imported before.
 * Frozen: never edit, add a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('recon_statements').addColumn('stmtVariant', 'varchar(60)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('recon_statements').dropColumn('stmtVariant').execute();
}
