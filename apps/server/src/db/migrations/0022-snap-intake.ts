/**
 * Banks report payments to us over SNAP BI (modules/snap):
 * - `snap_access_tokens`: the bearer tokens we issued (service 73), kept as SHA-256 hashes so that
 *   every server instance on the database accepts them and a leaked table gives no token.
 * - `snap_external_ids`: each partner's X-EXTERNAL-ID for the rest of its business day; the primary
 *   key makes "the same id with another request" a conflict on every instance at once.
 * - `bank_payments`: each payment a bank pushed (services 25 and 52) that we booked, with the
 *   bank's own ids and the answer we gave; unique per partner, service and the bank's request id, so
 *   that a retry answers the first result and parallel copies book one payment.
 * - Indexes to find a bill by its customer number (VA) or its QRIS reference.
 * Frozen: never edit, add a new migration.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('snap_access_tokens')
    .addColumn('sntkTokenHash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('sntkClientId', 'varchar(128)', (c) => c.notNull())
    .addColumn('sntkCreatedAt', ts, (c) => c.notNull())
    .addColumn('sntkExpiresAt', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('snap_access_tokens_expiry_idx')
    .on('snap_access_tokens')
    .column('sntkExpiresAt')
    .execute();

  await db.schema
    .createTable('snap_external_ids')
    .addColumn('snexClientId', 'varchar(128)', (c) => c.notNull())
    .addColumn('snexDay', 'varchar(10)', (c) => c.notNull())
    .addColumn('snexExternalId', 'varchar(64)', (c) => c.notNull())
    .addColumn('snexRequestKey', 'varchar(64)', (c) => c.notNull())
    .addColumn('snexCreatedAt', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('snap_external_ids_pk', ['snexClientId', 'snexDay', 'snexExternalId'])
    .execute();

  let payments = db.schema.createTable('bank_payments');
  payments = pg
    ? payments.addColumn('bkpyId', 'serial', (c) => c.primaryKey())
    : payments.addColumn('bkpyId', 'integer', (c) => c.primaryKey().autoIncrement());
  await payments
    .addColumn('bkpyClientId', 'varchar(128)', (c) => c.notNull())
    .addColumn('bkpyBank', 'varchar(50)', (c) => c.notNull())
    .addColumn('bkpyService', 'varchar(2)', (c) => c.notNull())
    .addColumn('bkpyRequestId', 'varchar(128)', (c) => c.notNull())
    .addColumn('bkpyReferenceNo', 'varchar(128)')
    .addColumn('bkpyTrctId', 'integer', (c) =>
      c.references('transactions.trctId').onDelete('cascade'),
    )
    .addColumn('bkpyHttpStatus', 'integer', (c) => c.notNull())
    .addColumn('bkpyResponse', 'text', (c) => c.notNull())
    .addColumn('bkpyCreatedAt', ts, (c) => c.notNull())
    .addUniqueConstraint('bank_payments_request_unique', [
      'bkpyClientId',
      'bkpyService',
      'bkpyRequestId',
    ])
    .execute();
  await db.schema
    .createIndex('bank_payments_trct_idx')
    .on('bank_payments')
    .column('bkpyTrctId')
    .execute();

  await db.schema
    .createIndex('transaction_va_customer_idx')
    .on('transaction_va')
    .column('trvaCustomerNo')
    .execute();
  await db.schema
    .createIndex('transaction_qr_reference_idx')
    .on('transaction_qr')
    .column('trqrReferenceNo')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transaction_qr_reference_idx').execute();
  await db.schema.dropIndex('transaction_va_customer_idx').execute();
  await db.schema.dropTable('bank_payments').execute();
  await db.schema.dropTable('snap_external_ids').execute();
  await db.schema.dropTable('snap_access_tokens').execute();
}
