/**
 * Two-factor sign-in (TOTP, RFC 6238):
 *  - `user_two_factor`: one row per user who set it up. The secret is sealed under the data key
 *    (security/secret-box.ts, never in clear); `utfaEnabledTime` null = set up but not on yet;
 *    `utfaLastStep` is the last accepted 30-second step (a code is accepted once).
 *  - `user_recovery_codes`: SHA-256 of each one-time recovery code (high entropy), used or not.
 *  - `login_challenges`: the second step of a sign-in, by SHA-256 of its token: 5 minutes, 5 wrong codes.
 * Frozen: never edit, add a new migration.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('user_two_factor')
    .addColumn('utfaUserId', 'varchar(50)', (c) =>
      c.primaryKey().references('users.userId').onDelete('cascade'),
    )
    .addColumn('utfaSecret', 'varchar(1000)', (c) => c.notNull())
    .addColumn('utfaEnabledTime', ts)
    .addColumn('utfaLastStep', 'bigint')
    .addColumn('utfaCreatedTime', ts, (c) => c.notNull())
    .execute();

  const id = pg
    ? (t: any) => t.addColumn('urcoId', 'serial', (c: any) => c.primaryKey())
    : (t: any) => t.addColumn('urcoId', 'integer', (c: any) => c.primaryKey().autoIncrement());
  await id(db.schema.createTable('user_recovery_codes'))
    .addColumn('urcoUserId', 'varchar(50)', (c: any) =>
      c.notNull().references('users.userId').onDelete('cascade'),
    )
    .addColumn('urcoHash', 'varchar(64)', (c: any) => c.notNull())
    .addColumn('urcoUsedTime', ts)
    .execute();
  await db.schema
    .createIndex('user_recovery_codes_user_idx')
    .on('user_recovery_codes')
    .column('urcoUserId')
    .execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('lochTokenHash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('lochUserId', 'varchar(50)', (c) =>
      c.notNull().references('users.userId').onDelete('cascade'),
    )
    .addColumn('lochFailures', 'integer', (c) => c.notNull())
    .addColumn('lochCreatedTime', ts, (c) => c.notNull())
    .addColumn('lochExpiresTime', ts, (c) => c.notNull())
    .addColumn('lochUsedTime', ts)
    .execute();
  await db.schema
    .createIndex('login_challenges_expires_idx')
    .on('login_challenges')
    .column('lochExpiresTime')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['login_challenges', 'user_recovery_codes', 'user_two_factor'])
    await db.schema.dropTable(table).ifExists().execute();
}
