/**
 * Account rules (PASSWORD_POLICY, INACTIVE_DISABLE_DAYS):
 *  - `user_logins.usloPasswordChangedTime`: when the password was last set (expiry after 90 days
 *    under pci); existing logins start from their last update (or creation).
 *  - `user_logins.usloMustChangePassword`: 1 when somebody else set the password (a new login, a
 *    reset by an administrator): under pci it must be changed at the first sign-in.
 *  - `user_password_history`: argon2id hashes of the passwords a login had, newest kept (pci: not
 *    one of the last 4).
 * Frozen: never edit, add a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema.alterTable('user_logins').addColumn('usloPasswordChangedTime', ts).execute();
  await db.schema
    .alterTable('user_logins')
    .addColumn('usloMustChangePassword', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('user_logins')
    .set({
      usloPasswordChangedTime: sql`coalesce(${sql.ref('usloUpdatedTime')}, ${sql.ref('usloCreatedTime')})`,
    })
    .execute();

  const id = pg
    ? (t: any) => t.addColumn('uphiId', 'serial', (c: any) => c.primaryKey())
    : (t: any) => t.addColumn('uphiId', 'integer', (c: any) => c.primaryKey().autoIncrement());
  await id(db.schema.createTable('user_password_history'))
    .addColumn('uphiUserId', 'varchar(50)', (c: any) =>
      c.notNull().references('users.userId').onDelete('cascade'),
    )
    .addColumn('uphiHash', 'varchar(200)', (c: any) => c.notNull())
    .addColumn('uphiCreatedTime', ts, (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_password_history_user_idx')
    .on('user_password_history')
    .columns(['uphiUserId', 'uphiId'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_password_history').ifExists().execute();
  await db.schema.alterTable('user_logins').dropColumn('usloMustChangePassword').execute();
  await db.schema.alterTable('user_logins').dropColumn('usloPasswordChangedTime').execute();
}
