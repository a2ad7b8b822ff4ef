/**
 * The VA name's lowered text, stored (PostgreSQL only, SQLite unchanged).
 *
 * A search on the VA screen's "Nama" tests `lower(name)` of every row it reads (list-sql.ts). A
 * broad one (a common name) walks the VA detail's key newest first, testing many names to find
 * the newest matches its capped count needs, and `lower()` under the database's UTF-8 collation
 * (per character, through wide characters) was half of that walk (bench/README.md). So:
 * - `trvaVirtualAccountNameLower` is `lower("trvaVirtualAccountName")`, a stored generated column:
 *   the same function PostgreSQL applied to each row at search time, applied once when the row is
 *   written, so a test on it finds exactly the rows the test on `lower(...)` found. Every writer
 *   (inserts, COPY) gets it without naming it.
 * - The detail's unique key on `trvaTrctId` carries it (`include`), so that walking the key reads
 *   the lowered name from the index and not from the table (an index-only scan, where the table's
 *   pages are all visible). A second index with it would not do: PostgreSQL prices it above the
 *   plain key and never chooses it.
 * - The trigram index that finds a name's candidates is on the column instead of `lower(...)`.
 * modules/transactions/list/kind-rows-repo.ts (`LOWERED_TWINS`) has the list read the column.
 *
 * Adding a stored column rewrites the table and its indexes: minutes on a large table (bench/README.md),
 * under an exclusive lock. The key and the trigram index that change are dropped first, so that
 * the rewrite does not build them only to have them dropped.
 * SQLite searches names through its FTS5 table (migration 0014) and has no such column.
 * Frozen once released: never edit, add a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPg = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The schema holding pg_trgm (migration 0012 created it where it could), or null. */
async function trigramSchema(db: Kysely<any>): Promise<string | null> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
    db,
  );
  return rows[0]?.schema ?? null;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPg(db)) return;
  await sql`drop index if exists transaction_va_name_trgm_idx`.execute(db);
  await sql`alter table transaction_va drop constraint transaction_va_trct_unique`.execute(db);
  await sql`alter table transaction_va add column "trvaVirtualAccountNameLower" text generated always as (lower("trvaVirtualAccountName")) stored`.execute(
    db,
  );
  await sql`alter table transaction_va add constraint transaction_va_trct_unique unique ("trvaTrctId") include ("trvaVirtualAccountNameLower")`.execute(
    db,
  );
  const schema = await trigramSchema(db);
  if (schema) {
    await sql`create index transaction_va_name_lower_trgm_idx on transaction_va using gin ("trvaVirtualAccountNameLower" ${sql.id(schema)}.gin_trgm_ops)`.execute(
      db,
    );
  }
  await sql`analyze transaction_va`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPg(db)) return;
  await sql`drop index if exists transaction_va_name_lower_trgm_idx`.execute(db);
  await sql`alter table transaction_va drop constraint transaction_va_trct_unique`.execute(db);
  await sql`alter table transaction_va drop column "trvaVirtualAccountNameLower"`.execute(db);
  await sql`alter table transaction_va add constraint transaction_va_trct_unique unique ("trvaTrctId")`.execute(
    db,
  );
  const schema = await trigramSchema(db);
  if (schema) {
    await sql`create index transaction_va_name_trgm_idx on transaction_va using gin (lower("trvaVirtualAccountName") ${sql.id(schema)}.gin_trgm_ops)`.execute(
      db,
    );
  }
}
