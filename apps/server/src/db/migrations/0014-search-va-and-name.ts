/**
 * VA number and name search, and notification totals without counting.
 *
 * Search: the VA screen's search-by choices "No. VA" and "Nama" filter `trvaVirtualAccountNo` and
 * `trvaVirtualAccountName` (the VA detail's columns), and the QRIS screen's "Ref. No."
 * `trqrReferenceNo`, with the same `lower(...) like '%…%'` as the order id; they get the order id's
 * mechanism of migration 0012 (modules/transactions/list/search-repo.ts):
 * - PostgreSQL: `pg_trgm` GIN indexes on `lower(...)` of each column (contains, starts and ends
 *   with); skipped, like 0012's, when the extension cannot be created.
 * - SQLite: one FTS5 trigram table per detail table (`transaction_va_search` over both VA columns,
 *   `transaction_qr_search`), external content, its rowid the transaction's id, kept by three triggers.
 * - Both: B-tree indexes on each column for an exact match (`equal`).
 *
 * Notification totals: `notification_rollup` counts the notifications per (company, UTC hour of
 * creation, status), kept by triggers in the same statement as every insert, status change and
 * delete of a notification, whoever writes it (ensureNotification, a delivery attempt, the bulk
 * generator, COPY). Keyed by UTC hour, not business day, so that it needs no time zone: a list
 * whose range starts and ends on whole UTC hours (every business day of a whole-hour zone) sums
 * hours (modules/notifications/totals-repo.ts); any other list counts its rows as before.
 * PostgreSQL: statement triggers with transition tables (one grouped upsert per statement, so a
 * bulk insert of thousands of rows costs one statement, not one per row); SQLite: row triggers,
 * which a bulk writer may stand aside for a batch whose groups it adds itself (bulkNotificationRollup).
 * With the count gone, the list's page was the cost (the range read and sorted by id):
 * `notifications_id_order_idx` (company, id descending, created time, status) gives it in order.
 * Frozen once released: never edit, add a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPg = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The schema holding pg_trgm (0012 created it where it could), or null. */
async function trigramSchema(db: Kysely<any>): Promise<string | null> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
    db,
  );
  return rows[0]?.schema ?? null;
}

/** A detail table's searched columns (index name part -> column), its key to the transaction, and its FTS5 table. */
interface DetailSearch {
  table: 'transaction_va' | 'transaction_qr';
  trctKey: string;
  columns: Readonly<Record<string, string>>;
  fts: string;
}

const DETAIL_SEARCHES: readonly DetailSearch[] = [
  {
    table: 'transaction_va',
    trctKey: 'trvaTrctId',
    columns: { no: 'trvaVirtualAccountNo', name: 'trvaVirtualAccountName' },
    fts: 'transaction_va_search',
  },
  {
    table: 'transaction_qr',
    trctKey: 'trqrTrctId',
    columns: { ref: 'trqrReferenceNo' },
    fts: 'transaction_qr_search',
  },
];

async function detailSearch(db: Kysely<any>, d: DetailSearch): Promise<void> {
  const columns = Object.values(d.columns);
  for (const [part, column] of Object.entries(d.columns)) {
    await sql`create index ${sql.id(`${d.table}_${part}_idx`)} on ${sql.table(d.table)} (${sql.ref(column)})`.execute(
      db,
    );
  }
  if (isPg(db)) {
    const schema = await trigramSchema(db);
    if (!schema) return;
    for (const [part, column] of Object.entries(d.columns)) {
      await sql`create index ${sql.id(`${d.table}_${part}_trgm_idx`)} on ${sql.table(d.table)} using gin (lower(${sql.ref(column)}) ${sql.id(schema)}.gin_trgm_ops)`.execute(
        db,
      );
    }
    // Statistics of the new expressions, so that the planner knows how selective a text is from the start.
    await sql`analyze ${sql.table(d.table)}`.execute(db);
    return;
  }
  const list = (prefix = '') => sql.raw(columns.map((c) => `${prefix}"${c}"`).join(', '));
  await sql`create virtual table ${sql.table(d.fts)} using fts5(${list()}, content=${sql.lit(d.table)}, content_rowid=${sql.lit(d.trctKey)}, tokenize='trigram')`.execute(
    db,
  );
  await sql`insert into ${sql.table(d.fts)} (${sql.table(d.fts)}) values ('rebuild')`.execute(db);
  await sql`insert into ${sql.table(d.fts)} (${sql.table(d.fts)}) values ('optimize')`.execute(db);
  const add = sql`insert into ${sql.table(d.fts)} (rowid, ${list()}) values (new.${sql.ref(d.trctKey)}, ${list('new.')});`;
  const remove = sql`insert into ${sql.table(d.fts)} (${sql.table(d.fts)}, rowid, ${list()}) values ('delete', old.${sql.ref(d.trctKey)}, ${list('old.')});`;
  await sql`create trigger ${sql.id(`${d.fts}_ai`)} after insert on ${sql.table(d.table)} begin ${add} end`.execute(
    db,
  );
  await sql`create trigger ${sql.id(`${d.fts}_ad`)} after delete on ${sql.table(d.table)} begin ${remove} end`.execute(
    db,
  );
  await sql`create trigger ${sql.id(`${d.fts}_au`)} after update of ${sql.ref(d.trctKey)}, ${list()} on ${sql.table(d.table)} begin ${remove} ${add} end`.execute(
    db,
  );
}

async function notificationRollup(db: Kysely<any>): Promise<void> {
  // The list's page in its default order (id, newest first) without sorting the range: the index
  // gives a company's notifications in that order with what the range and the status filter read.
  // (`desc nulls last` is the lists' order, list-sql.ts; SQLite's nulls are already last when descending.)
  const idDesc = sql.raw(isPg(db) ? '"notiId" desc nulls last' : '"notiId" desc');
  await sql`create index notifications_id_order_idx on notifications ("notiCompId", ${idDesc}, "notiCreatedTime", "notiStatus")`.execute(
    db,
  );
  await db.schema
    .createTable('notification_rollup')
    .addColumn('nrlpCompId', 'integer', (c) => c.notNull())
    .addColumn('nrlpHour', 'varchar(13)', (c) => c.notNull())
    .addColumn('nrlpStatus', 'integer', (c) => c.notNull())
    .addColumn('nrlpCount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_rollup_pk', ['nrlpCompId', 'nrlpHour', 'nrlpStatus'])
    .execute();
  // A bulk writer (totals-repo.ts, bulkNotificationRollup) adds its rows' groups once per batch:
  // while its transaction holds a row here, SQLite's row triggers stand aside (no other connection sees it).
  // (PostgreSQL's statement triggers need no such help; the table exists there too, unused.)
  await sql`create table notification_rollup_bulk ("nrbkId" integer primary key)`.execute(db);
  const upsert = sql`on conflict ("nrlpCompId", "nrlpHour", "nrlpStatus") do update set "nrlpCount" = notification_rollup."nrlpCount" + excluded."nrlpCount"`;
  if (isPg(db)) {
    const hour = (alias: string) =>
      sql.raw(`to_char(${alias}."notiCreatedTime" at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`);
    const rows = (table: string, sign: number) =>
      `select "notiCompId" as c, to_char("notiCreatedTime" at time zone 'UTC', 'YYYY-MM-DD"T"HH24') as h, "notiStatus" as s, ${sign} as n from ${table}`;
    // Groups in key order: concurrent writers lock rollup rows in the same order (no deadlock).
    const apply = (
      source: ReturnType<typeof sql.raw>,
    ) => sql`insert into notification_rollup ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpCount")
      select c, h, s, sum(n) from (${source}) d group by c, h, s having sum(n) <> 0 order by c, h, s ${upsert};`;
    await sql`create function notification_rollup_apply() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${apply(sql.raw(rows('new_rows', 1)))}
        elsif tg_op = 'DELETE' then ${apply(sql.raw(rows('old_rows', -1)))}
        else ${apply(sql.raw(`${rows('old_rows', -1)} union all ${rows('new_rows', 1)}`))}
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger notification_rollup_ai after insert on notifications referencing new table as new_rows for each statement execute function notification_rollup_apply()`.execute(
      db,
    );
    await sql`create trigger notification_rollup_au after update on notifications referencing old table as old_rows new table as new_rows for each statement execute function notification_rollup_apply()`.execute(
      db,
    );
    await sql`create trigger notification_rollup_ad after delete on notifications referencing old table as old_rows for each statement execute function notification_rollup_apply()`.execute(
      db,
    );
    await sql`insert into notification_rollup ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpCount")
      select n."notiCompId", ${hour('n')}, n."notiStatus", count(*) from notifications n group by 1, 2, 3`.execute(
      db,
    );
    return;
  }
  const open = sql`not exists (select 1 from notification_rollup_bulk)`;
  const change = (prefix: 'new' | 'old', sign: 1 | -1) =>
    sql`insert into notification_rollup ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpCount")
      values (${sql.raw(`${prefix}."notiCompId", substr(${prefix}."notiCreatedTime", 1, 13), ${prefix}."notiStatus", ${sign}`)}) ${upsert};`;
  await sql`create trigger notification_rollup_ai after insert on notifications when ${open} begin ${change('new', 1)} end`.execute(
    db,
  );
  await sql`create trigger notification_rollup_ad after delete on notifications when ${open} begin ${change('old', -1)} end`.execute(
    db,
  );
  await sql`create trigger notification_rollup_au after update of "notiCompId", "notiCreatedTime", "notiStatus" on notifications
    when ${open} and (old."notiCompId" is not new."notiCompId" or old."notiCreatedTime" is not new."notiCreatedTime" or old."notiStatus" is not new."notiStatus")
    begin ${change('old', -1)} ${change('new', 1)} end`.execute(db);
  await sql`insert into notification_rollup ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpCount")
    select "notiCompId", substr("notiCreatedTime", 1, 13), "notiStatus", count(*) from notifications group by 1, 2, 3`.execute(
    db,
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const d of DETAIL_SEARCHES) await detailSearch(db, d);
  await notificationRollup(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const suffix of ['ai', 'ad', 'au']) {
    if (isPg(db))
      await sql`drop trigger if exists ${sql.id(`notification_rollup_${suffix}`)} on notifications`.execute(
        db,
      );
    else {
      await sql`drop trigger if exists ${sql.id(`notification_rollup_${suffix}`)}`.execute(db);
      for (const d of DETAIL_SEARCHES)
        await sql`drop trigger if exists ${sql.id(`${d.fts}_${suffix}`)}`.execute(db);
    }
  }
  if (isPg(db)) await sql`drop function if exists notification_rollup_apply()`.execute(db);
  await sql`drop table if exists notification_rollup_bulk`.execute(db);
  await sql`drop table if exists notification_rollup`.execute(db);
  await sql`drop index if exists notifications_id_order_idx`.execute(db);
  for (const d of DETAIL_SEARCHES) {
    if (!isPg(db)) await sql`drop table if exists ${sql.table(d.fts)}`.execute(db);
    for (const part of Object.keys(d.columns)) {
      await sql`drop index if exists ${sql.id(`${d.table}_${part}_trgm_idx`)}`.execute(db);
      await sql`drop index if exists ${sql.id(`${d.table}_${part}_idx`)}`.execute(db);
    }
  }
}
