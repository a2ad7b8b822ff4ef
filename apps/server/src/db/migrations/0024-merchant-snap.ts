/**
 * Merchants open bills with us over SNAP BI (modules/snap, modules/merchant-access):
 * - `client_snap_credentials`: a client's API access: its client id (X-CLIENT-KEY / X-PARTNER-ID),
 *   RSA public key (checks its token call) and client secret (the HMAC key of its service calls),
 *   the secret sealed under the data key like the callback secrets. One row per client: issuing
 *   again replaces it, revoking deletes it.
 * - `merchant_bills`: each bill a merchant opened (create-va, qr-mpm-generate) by its own id
 *   (trxId / partnerReferenceNo, which is also the transaction's order id), with a hash of the
 *   request and the answer we gave: the same id with the same request answers that again, with
 *   another request it is a conflict. Unique per client and id, as the order id is.
 * - `snap_number_counters`: the last number given per key (a bank's VA customer numbers, a bank's
 *   QRIS references), moved by one upsert that both dialects run atomically.
 * - The `master_client_api` area (managing API access) granted to the Superadmin role on databases
 *   seeded before it existed; new databases get it from the base seed.
 * Frozen: never edit, add a new migration.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

const AREA = 'master_client_api';
const OPERATIONS = '["update"]';
const SUPERADMIN_ROLE_ID = 1;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('client_snap_credentials')
    .addColumn('clsnClntId', 'integer', (c) =>
      c.primaryKey().references('clients.clntid').onDelete('cascade'),
    )
    .addColumn('clsnClientId', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('clsnPublicKey', 'text', (c) => c.notNull())
    .addColumn('clsnSecret', 'text', (c) => c.notNull())
    .addColumn('clsnCreatedTime', ts, (c) => c.notNull())
    .addColumn('clsnCreatedUserId', 'varchar(50)', (c) => c.notNull())
    .addColumn('clsnUpdatedTime', ts, (c) => c.notNull())
    .addColumn('clsnUpdatedUserId', 'varchar(50)', (c) => c.notNull())
    .execute();

  let bills = db.schema.createTable('merchant_bills');
  bills = pg
    ? bills.addColumn('mbilId', 'serial', (c) => c.primaryKey())
    : bills.addColumn('mbilId', 'integer', (c) => c.primaryKey().autoIncrement());
  await bills
    .addColumn('mbilClntId', 'integer', (c) => c.notNull().references('clients.clntid'))
    .addColumn('mbilRequestId', 'varchar(64)', (c) => c.notNull())
    .addColumn('mbilService', 'varchar(2)', (c) => c.notNull())
    .addColumn('mbilRequestHash', 'varchar(64)', (c) => c.notNull())
    .addColumn('mbilTrctId', pg ? 'bigint' : 'integer', (c) =>
      c.notNull().references('transactions.trctId').onDelete('cascade'),
    )
    .addColumn('mbilHttpStatus', 'integer', (c) => c.notNull())
    .addColumn('mbilResponse', 'text', (c) => c.notNull())
    .addColumn('mbilCancelledAt', ts)
    .addColumn('mbilCreatedAt', ts, (c) => c.notNull())
    .addUniqueConstraint('merchant_bills_request_unique', ['mbilClntId', 'mbilRequestId'])
    .addUniqueConstraint('merchant_bills_trct_unique', ['mbilTrctId'])
    .execute();

  await db.schema
    .createTable('snap_number_counters')
    .addColumn('sncnKey', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('sncnLast', 'bigint', (c) => c.notNull())
    .execute();

  const superadmin = await db
    .selectFrom('roles')
    .select('roleId')
    .where('roleId', '=', SUPERADMIN_ROLE_ID)
    .executeTakeFirst();
  if (!superadmin) return;
  const now = new Date().toISOString();
  let permission = await db
    .selectFrom('permissions')
    .select('prmsId')
    .where('prmsName', '=', AREA)
    .executeTakeFirst();
  if (!permission) {
    await db
      .insertInto('permissions')
      .values({
        prmsName: AREA,
        prmsOperations: OPERATIONS,
        prmsCreatedTime: now,
        prmsCreatedUserId: 'system',
        prmsUpdatedTime: now,
        prmsUpdatedUserId: 'system',
      })
      .execute();
    permission = await db
      .selectFrom('permissions')
      .select('prmsId')
      .where('prmsName', '=', AREA)
      .executeTakeFirstOrThrow();
  }
  await db
    .insertInto('role_permissions')
    .values({
      rperRoleId: SUPERADMIN_ROLE_ID,
      rperPrmsId: permission.prmsId,
      rperOperations: OPERATIONS,
      rperCreatedTime: now,
      rperCreatedUserId: 'system',
      rperUpdatedTime: now,
      rperUpdatedUserId: 'system',
    })
    .onConflict((oc) => oc.columns(['rperRoleId', 'rperPrmsId']).doNothing())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const permission = await db
    .selectFrom('permissions')
    .select('prmsId')
    .where('prmsName', '=', AREA)
    .executeTakeFirst();
  if (permission) {
    await db.deleteFrom('role_permissions').where('rperPrmsId', '=', permission.prmsId).execute();
    await db.deleteFrom('permissions').where('prmsId', '=', permission.prmsId).execute();
  }
  await db.schema.dropTable('snap_number_counters').execute();
  await db.schema.dropTable('merchant_bills').execute();
  await db.schema.dropTable('client_snap_credentials').execute();
}
