/**
 * Client secrets are stored sealed (`v1:<keyId>:<iv>:<tag>:<ciphertext>`, security/secret-box.ts),
 * about 54 characters plus 4/3 of the secret longer than the secret itself: varchar(200) would
 * cap secrets at 108 bytes on PostgreSQL. SQLite does not enforce the length. Frozen: never
 * edit, add a new migration.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .alterTable('clients')
    .alterColumn('clntSecret', (c) => c.setDataType('varchar(1000)'))
    .execute();
}
