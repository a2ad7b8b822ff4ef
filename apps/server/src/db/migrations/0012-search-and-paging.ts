/**
 * Order-id search and SQLite paging.
 *
 * Search: the screens search `trctOrderId` with `lower(...) like '%…%'`
 * (contains; also starts/ends with), which no B-tree serves, so every search read the whole range.
 *
 * - PostgreSQL: a `pg_trgm` GIN index on `lower("trctOrderId")` serves the same LIKE unchanged
 *   (the index only narrows, PostgreSQL rechecks every candidate, so the rows are the same). When
 *   the extension cannot be created (not installed, no privilege) the migration still succeeds
 *   without the index and the search keeps scanning the range.
 * - SQLite: an FTS5 trigram table `transactions_order_search` (external content: the order ids of
 *   `transactions` by trctId, kept by triggers) from which the list picks candidate ids; the LIKE
 *   still decides (modules/transactions/list/search-repo.ts). FTS5 and its trigram tokenizer are part
 *   of the bundled SQLite (better-sqlite3), so there is no fallback to make there.
 *
 * Paging (SQLite only): `transactions_id_walk_idx` (company, kind, id, created time, status, bank)
 * holds a company's rows in the lists' default order (id) with what the range and the rollup's
 * filters read, so a page can be read by walking it instead of sorting the whole range
 * (modules/transactions/list/page-plan.ts decides when that is cheaper; PostgreSQL has
 * transactions_id_order_idx of migration 0009 and its own planner).
 * Frozen once released: never edit, add a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPg = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The schema holding pg_trgm after trying to create it (tests run in schemas of their own), or null. */
async function trigramSchema(db: Kysely<any>): Promise<string | null> {
  // A savepoint: a failed CREATE EXTENSION must not abort the migration's transaction.
  await sql`savepoint pg_trgm_try`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm_try`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm_try`.execute(db);
  }
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
    db,
  );
  return rows[0]?.schema ?? null;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPg(db)) {
    const schema = await trigramSchema(db);
    if (schema) {
      await sql`create index transactions_order_trgm_idx on transactions using gin (lower("trctOrderId") ${sql.id(schema)}.gin_trgm_ops)`.execute(
        db,
      );
    }
    return;
  }
  await sql`create index transactions_id_walk_idx on transactions ("trctCompId", "trctType", "trctId", "trctCreatedTime", "trctStatus", "trctBank")`.execute(
    db,
  );
  await sql`create virtual table transactions_order_search using fts5("trctOrderId", content='transactions', content_rowid='trctId', tokenize='trigram')`.execute(
    db,
  );
  await sql`insert into transactions_order_search (transactions_order_search) values ('rebuild')`.execute(
    db,
  );
  // One merged segment: a phrase query then reads each trigram's list once (faster: bench/README.md).
  await sql`insert into transactions_order_search (transactions_order_search) values ('optimize')`.execute(
    db,
  );
  await sql`create trigger transactions_order_search_ai after insert on transactions begin
    insert into transactions_order_search (rowid, "trctOrderId") values (new."trctId", new."trctOrderId"); end`.execute(
    db,
  );
  await sql`create trigger transactions_order_search_ad after delete on transactions begin
    insert into transactions_order_search (transactions_order_search, rowid, "trctOrderId") values ('delete', old."trctId", old."trctOrderId"); end`.execute(
    db,
  );
  await sql`create trigger transactions_order_search_au after update of "trctOrderId" on transactions begin
    insert into transactions_order_search (transactions_order_search, rowid, "trctOrderId") values ('delete', old."trctId", old."trctOrderId");
    insert into transactions_order_search (rowid, "trctOrderId") values (new."trctId", new."trctOrderId"); end`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPg(db)) {
    await sql`drop index if exists transactions_order_trgm_idx`.execute(db);
    return;
  }
  for (const suffix of ['ai', 'ad', 'au'])
    await sql`drop trigger if exists ${sql.id(`transactions_order_search_${suffix}`)}`.execute(db);
  await sql`drop table if exists transactions_order_search`.execute(db);
  await sql`drop index if exists transactions_id_walk_idx`.execute(db);
}
