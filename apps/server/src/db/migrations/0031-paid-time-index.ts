/**
 * Reconciliation reads a company's paid transactions by the time they were paid: the ones a
 * statement's days should carry (missing at the bank), a bank day's paid total (the 1:N rule), the
 * nearest candidate of a line that matched nothing. Without an index each such read walked every
 * transaction of the company. Partial: only paid transactions have a paid time.
 * Frozen: never edit, add a new migration.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('transactions_paid_time_idx')
    .on('transactions')
    .columns(['trctCompId', 'trctLunasTime'])
    .where(sql.ref('trctLunasTime'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transactions_paid_time_idx').execute();
}
