/**
 * The audit trail: `audit_events` (append-only, hash-chained), the purge window that alone lets
 * the retention purge delete rows, triggers refusing every other UPDATE and DELETE (and TRUNCATE
 * on PostgreSQL), the last sign-in of each login, and the `audit_log` area granted to the
 * Superadmin role on databases seeded before it existed. Frozen: never edit, add a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const AREA = 'audit_log';
const READ_ONLY = '["read"]';
const SUPERADMIN_ROLE_ID = 1;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';

  await db.schema
    .createTable('audit_events')
    // Not serial: the writer assigns last id + 1 under the chain lock, because the hash covers the id.
    .addColumn('audtId', pg ? 'bigint' : 'integer', (c) => c.primaryKey())
    .addColumn('audtAt', ts, (c) => c.notNull())
    .addColumn('audtActorUserId', 'varchar(50)')
    .addColumn('audtActorUsername', 'varchar(255)')
    .addColumn('audtCompId', 'integer')
    .addColumn('audtIp', 'varchar(64)')
    .addColumn('audtUserAgent', 'varchar(512)')
    .addColumn('audtAction', 'varchar(100)', (c) => c.notNull())
    .addColumn('audtTargetType', 'varchar(50)')
    .addColumn('audtTargetId', 'varchar(255)')
    .addColumn('audtOutcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('audtDetails', 'text', (c) => c.notNull())
    .addColumn('audtPrevHash', 'varchar(64)', (c) => c.notNull())
    .addColumn('audtHash', 'varchar(64)', (c) => c.notNull())
    // Two events can never follow the same one: a forked chain is impossible, not just unlikely.
    .addUniqueConstraint('audit_events_prev_hash_unique', ['audtPrevHash'])
    .execute();
  await db.schema
    .createIndex('audit_events_at_idx')
    .on('audit_events')
    .columns(['audtAt', 'audtId'])
    .execute();
  await db.schema
    .createIndex('audit_events_action_idx')
    .on('audit_events')
    .columns(['audtAction', 'audtId'])
    .execute();

  await db.schema
    .createTable('audit_purge_window')
    .addColumn('aupwOpenedAt', ts, (c) => c.notNull())
    .execute();

  if (pg) {
    await sql`
      create function audit_events_guard() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and exists (select 1 from audit_purge_window) then
          return old;
        end if;
        raise exception 'audit_events is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
      end
      $$`.execute(db);
    await sql`create trigger audit_events_no_change before update or delete on audit_events for each row execute function audit_events_guard()`.execute(
      db,
    );
    await sql`create trigger audit_events_no_truncate before truncate on audit_events for each statement execute function audit_events_guard()`.execute(
      db,
    );
  } else {
    await sql`
      create trigger audit_events_no_update before update on audit_events
      begin select raise(abort, 'audit_events is append-only: UPDATE refused'); end`.execute(db);
    await sql`
      create trigger audit_events_no_delete before delete on audit_events
      when not exists (select 1 from audit_purge_window)
      begin select raise(abort, 'audit_events is append-only: DELETE refused'); end`.execute(db);
  }

  await db.schema.alterTable('user_logins').addColumn('usloLastLoginAt', ts).execute();

  // New databases get the area from the base seed (which runs after the migrations, once roles exist).
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
        prmsOperations: READ_ONLY,
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
      rperOperations: READ_ONLY,
      rperCreatedTime: now,
      rperCreatedUserId: 'system',
      rperUpdatedTime: now,
      rperUpdatedUserId: 'system',
    })
    .onConflict((oc) => oc.columns(['rperRoleId', 'rperPrmsId']).doNothing())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const permission = await db
    .selectFrom('permissions')
    .select('prmsId')
    .where('prmsName', '=', AREA)
    .executeTakeFirst();
  if (permission) {
    await db.deleteFrom('role_permissions').where('rperPrmsId', '=', permission.prmsId).execute();
    await db.deleteFrom('permissions').where('prmsId', '=', permission.prmsId).execute();
  }
  await db.schema.alterTable('user_logins').dropColumn('usloLastLoginAt').execute();
  await db.schema.dropTable('audit_events').execute();
  if (pg) await sql`drop function audit_events_guard()`.execute(db);
  await db.schema.dropTable('audit_purge_window').execute();
}
