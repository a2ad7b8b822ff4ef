/**
 * The keyed audit chain (modules/audit/README.md):
 * - `audit_events.audtKeyId`: the data key id whose derived key signed an event (HMAC-SHA256);
 *   null on the events already written, which stay the plain SHA-256 chain they were (UPDATE is
 *   refused, and they are verified as they were). The server's first start after this migration
 *   chains an `audit.key_changed` event under the key that names the last unkeyed event.
 * - The delete guard no longer opens for a row in `audit_purge_window` (any connection could
 *   commit one and leave every DELETE open): the table is dropped. The retention purge opens the
 *   guard for its own transaction only: on PostgreSQL a transaction-local setting
 *   (`tagih.audit_purge`), on SQLite it drops and recreates the delete trigger inside its
 *   transaction (SQLite DDL is transactional; nobody else ever sees it missing).
 * Frozen once released: never edit, add a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPg = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_events').addColumn('audtKeyId', 'varchar(8)').execute();
  if (isPg(db)) {
    await sql`
      create or replace function audit_events_guard() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and current_setting('tagih.audit_purge', true) = 'on' then
          return old;
        end if;
        raise exception 'audit_events is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
      end
      $$`.execute(db);
  } else {
    await sql`drop trigger audit_events_no_delete`.execute(db);
    await sql`
      create trigger audit_events_no_delete before delete on audit_events
      begin select raise(abort, 'audit_events is append-only: DELETE refused'); end`.execute(db);
  }
  await db.schema.dropTable('audit_purge_window').execute();
}
