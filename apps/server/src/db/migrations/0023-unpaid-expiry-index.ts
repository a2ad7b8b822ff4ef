/**
 * The bill expiry housekeeping (modules/expiry) finds unpaid bills past their expiry two ways:
 * - each run, the bills whose expiry fell in the last stretch of time: indexes on the VA and
 *   QRIS expiry dates read just that stretch;
 * - at start and now and then, every unpaid bill: a partial index holds only the unpaid
 *   transactions (status '03'), never the paid and expired history.
 * Frozen: never edit, add a new migration.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('transactions_unpaid_idx')
    .on('transactions')
    .columns(['trctType', 'trctId'])
    .where(sql.ref('trctStatus'), '=', sql.lit('03'))
    .execute();
  await db.schema
    .createIndex('transaction_va_expiry_idx')
    .on('transaction_va')
    .column('trvaExpiredDate')
    .execute();
  await db.schema
    .createIndex('transaction_qr_expiry_idx')
    .on('transaction_qr')
    .column('trqrExpiredDate')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transaction_qr_expiry_idx').execute();
  await db.schema.dropIndex('transaction_va_expiry_idx').execute();
  await db.schema.dropIndex('transactions_unpaid_idx').execute();
}
