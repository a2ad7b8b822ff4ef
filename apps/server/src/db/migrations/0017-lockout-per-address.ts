/**
 * Sign-in lockout per username AND client address (modules/auth/lockout.ts): `login_throttle`
 * gains `lothAddress`, part of its key. A row per (username, address) counts the failures from
 * that address and holds its lock; the row whose address is `*` counts every failure on the
 * username (the global slowdown) and holds a lock of the whole account (a re-check guessed in a
 * signed-in session); re-checks count under the address `signed-in`.
 * SQLite cannot change a primary key in place, so the table is rebuilt on both dialects: the
 * rows so far (one per username) become the `*` rows, their locks still in force.
 * Frozen once released: never edit, add a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema
    .createTable('login_throttle_next')
    .addColumn('lothUsername', 'varchar(50)', (c) => c.notNull())
    .addColumn('lothAddress', 'varchar(64)', (c) => c.notNull())
    .addColumn('lothFailures', 'integer', (c) => c.notNull())
    .addColumn('lothLockedUntil', ts)
    .addColumn('lothUpdatedTime', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('login_throttle_key', ['lothUsername', 'lothAddress'])
    .execute();
  await sql`insert into login_throttle_next ("lothUsername", "lothAddress", "lothFailures", "lothLockedUntil", "lothUpdatedTime")
    select "lothUsername", '*', "lothFailures", "lothLockedUntil", "lothUpdatedTime" from login_throttle`.execute(
    db,
  );
  await db.schema.dropTable('login_throttle').execute();
  await db.schema.alterTable('login_throttle_next').renameTo('login_throttle').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema
    .createTable('login_throttle_before')
    .addColumn('lothUsername', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('lothFailures', 'integer', (c) => c.notNull())
    .addColumn('lothLockedUntil', ts)
    .addColumn('lothUpdatedTime', ts, (c) => c.notNull())
    .execute();
  await sql`insert into login_throttle_before select "lothUsername", "lothFailures", "lothLockedUntil", "lothUpdatedTime"
    from login_throttle where "lothAddress" = '*'`.execute(db);
  await db.schema.dropTable('login_throttle').execute();
  await db.schema.alterTable('login_throttle_before').renameTo('login_throttle').execute();
}
