/**
 * The transaction lists' totals (count, paid count and amount) and the choice of a page read one
 * index range and no table rows: (company, type, created time, id) plus the status and the
 * amounts. It replaces transactions_list_idx, which is its prefix (the CSV export's keyset order,
 * created time then id, is still the index order).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('transactions_list_cover_idx')
    .on('transactions')
    .columns([
      'trctCompId',
      'trctType',
      'trctCreatedTime',
      'trctId',
      'trctStatus',
      'trctTotalAmountPaid',
      'trctTotalAmount',
    ])
    .execute();
  await db.schema.dropIndex('transactions_list_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('transactions_list_idx')
    .on('transactions')
    .columns(['trctCompId', 'trctType', 'trctCreatedTime'])
    .execute();
  await db.schema.dropIndex('transactions_list_cover_idx').execute();
}
