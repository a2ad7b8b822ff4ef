/**
 * The transaction rollup (db/transaction-rollup.ts): counts and paid-amount sums per company,
 * kind, business day, status and bank, from which the lists read their totals. Backfilled here
 * from the existing rows in the default business time zone; at start the server rebuilds it
 * when BUSINESS_TZ is another zone (ensureRollup).
 *
 * With the totals no longer counted, a list page is the remaining cost: the default order (id,
 * newest first) over a date range sorted every row of the range to keep ten. The index
 * transactions_id_order_idx (company, kind, id descending, created time) gives PostgreSQL the rows
 * in that order, filtering the range on the index itself: page 1 of a 30-day list reads ten entries.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { DEFAULT_BUSINESS_TZ } from '@tagih/contract';
import { rebuildRollup } from '../transaction-rollup.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('transaction_rollup')
    .addColumn('rlupCompId', 'integer', (c) => c.notNull())
    .addColumn('rlupType', 'varchar(10)', (c) => c.notNull())
    .addColumn('rlupDay', 'varchar(10)', (c) => c.notNull())
    .addColumn('rlupStatus', 'varchar(10)', (c) => c.notNull())
    .addColumn('rlupBank', 'varchar(50)', (c) => c.notNull())
    .addColumn('rlupCount', 'bigint', (c) => c.notNull())
    .addColumn('rlupLunasMinor', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('transaction_rollup_pk', [
      'rlupCompId',
      'rlupType',
      'rlupDay',
      'rlupStatus',
      'rlupBank',
    ])
    .execute();
  await db.schema
    .createTable('transaction_rollup_state')
    .addColumn('rlstId', 'integer', (c) => c.primaryKey())
    .addColumn('rlstTimeZone', 'varchar(64)')
    .execute();
  await sql`insert into transaction_rollup_state ("rlstId", "rlstTimeZone") values (1, null)`.execute(
    db,
  );
  await rebuildRollup(db, DEFAULT_BUSINESS_TZ);
  // PostgreSQL only: SQLite's planner keeps choosing the created-time range (transactions_list_cover_idx)
  // and sorting it, so there the index would only cost writes. `desc nulls last` is the lists' order (list-sql.ts).
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index transactions_id_order_idx on transactions ("trctCompId", "trctType", "trctId" desc nulls last, "trctCreatedTime")`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await db.schema.dropIndex('transactions_id_order_idx').execute();
  await db.schema.dropTable('transaction_rollup_state').execute();
  await db.schema.dropTable('transaction_rollup').execute();
}
