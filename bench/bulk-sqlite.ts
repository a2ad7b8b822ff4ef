/**
 * The generator's SQLite loader: multi-row prepared INSERT statements on a connection of its own
 * to the database file, in large database transactions (see sqliteLoad). The search tables'
 * triggers are set aside for a bench database's load (the tables rebuilt instead, then merged into
 * one segment, `optimize`, as the migrations do); the notification rollup's row triggers stand
 * aside for every load, which adds its groups itself (NotificationGroups).
 *
 * The transaction rollup is not added to row by row: the first batch marks it unbuilt, and the
 * caller rebuilds it from the rows at the end (exactly what `rollups:verify` recomputes), so an
 * interrupted run leaves rows the rollup does not claim to count (the server rebuilds it at start).
 */
import SQLite from 'better-sqlite3';
import {
  BULK_TABLES,
  ID_COLUMN,
  NotificationGroupCounter,
  TABLE_COLUMNS,
  emitRows,
  partItems,
  type BulkTable,
  type GenerationCommon,
  type GenerationPart,
  type IdCounters,
  type Value,
} from './bulk-rows.ts';

export interface SqliteLoadOptions {
  file: string;
  parts: GenerationPart[];
  common: GenerationCommon;
  /** Transactions per database transaction (when the indexes are kept). */
  batchRows?: number;
  /** Set aside indexes and search triggers during the load: default when the load at least doubles the rows. */
  rebuildIndexes?: boolean;
  onProgress?: (rows: number) => void;
  /** Each phase's time (index, search table, commit); default: none. */
  log?: (line: string) => void;
}

const DEFAULT_BATCH_ROWS = 100_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Bound values per statement: SQLite allows 32,766. */
const VALUES_PER_STATEMENT = 32_000;
const ROWS_PER_STATEMENT = 500;

/**
 * Rows of one table, inserted ROWS_PER_STATEMENT at a time by one prepared multi-row INSERT.
 * Many rows per statement matter beyond the calls saved: the FTS5 tables kept by triggers
 * write their pending terms out at the end of every statement, so one row per statement made
 * ~20 page writes per row (strace, 20,000 rows) and ran at 1,000–1,700 rows/s here.
 */
class ChunkedInsert {
  /** Values per row. */
  readonly width: number;
  readonly #values: Value[] = [];
  readonly #rowsPerStatement: number;
  readonly #many: SQLite.Statement;
  readonly #one: SQLite.Statement;
  constructor(db: SQLite.Database, table: BulkTable) {
    const columns = TABLE_COLUMNS[table];
    this.#rowsPerStatement = Math.min(
      ROWS_PER_STATEMENT,
      Math.floor(VALUES_PER_STATEMENT / columns.length),
    );
    const head = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values `;
    const row = `(${columns.map(() => '?').join(', ')})`;
    this.#many = db.prepare(
      head + Array.from({ length: this.#rowsPerStatement }, () => row).join(', '),
    );
    this.#one = db.prepare(head + row);
    this.width = columns.length;
  }
  add(values: Value[]): void {
    for (const v of values) this.#values.push(v);
    if (this.#values.length === this.#rowsPerStatement * this.width) {
      this.#many.run(this.#values);
      this.#values.length = 0;
    }
  }
  /** The rows not yet inserted, one statement each (fewer than a chunk). */
  flush(): void {
    for (let i = 0; i < this.#values.length; i += this.width)
      this.#one.run(this.#values.slice(i, i + this.width));
    this.#values.length = 0;
  }
}

class NotificationGroups {
  readonly #db: SQLite.Database;
  #counter = new NotificationGroupCounter();
  constructor(db: SQLite.Database) {
    this.#db = db;
  }
  standAside(): void {
    this.#db.exec('insert into notification_rollup_bulk ("nrbkId") values (1)');
  }
  count(values: Value[]): void {
    this.#counter.count(values);
  }
  /** Upserts the counted groups and lets the triggers work again (before a commit). */
  add(): void {
    this.#db.exec('delete from notification_rollup_bulk');
    const upsert = this.#db
      .prepare(`insert into notification_rollup ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpCount") values (?, ?, ?, ?)
      on conflict ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpStripe") do update set "nrlpCount" = notification_rollup."nrlpCount" + excluded."nrlpCount"`);
    for (const g of this.#counter.groups.values()) upsert.run(g.compId, g.hour, g.status, g.n);
    this.#counter = new NotificationGroupCounter();
  }
}

/** What the load takes away and makes again: secondary indexes, and the triggers that feed FTS5 tables (rebuilt whole instead). */
interface SetAside {
  /** CREATE statements as sqlite_master keeps them, indexes before triggers. */
  statements: string[];
  /** FTS5 tables over the loaded tables, rebuilt from their content tables at the end. */
  searchTables: string[];
}

function setAside(db: SQLite.Database): SetAside {
  const ours = BULK_TABLES as readonly string[];
  const searchTables = (
    db
      .prepare(
        `select name, sql from sqlite_master where type = 'table' and sql like 'create virtual table%using fts5%'`,
      )
      .all() as { name: string; sql: string }[]
  )
    .filter((t) => ours.includes(/content\s*=\s*'([^']+)'/i.exec(t.sql)?.[1] ?? ''))
    .map((t) => t.name);
  const objects = (
    db
      .prepare(
        `select type, name, tbl_name as tbl, sql from sqlite_master where type in ('index', 'trigger') and sql is not null order by type, name`,
      )
      .all() as {
      type: 'index' | 'trigger';
      name: string;
      tbl: string;
      sql: string;
    }[]
  ).filter(
    (x) =>
      ours.includes(x.tbl) &&
      (x.type === 'index' || searchTables.some((fts) => x.sql.includes(fts))),
  );
  for (const x of objects) db.exec(`drop ${x.type} ${quote(x.name)}`);
  return { statements: objects.map((x) => x.sql), searchTables };
}

/** Runs `work` and logs how long it took (the load's phases, to see where the time goes). */
function timed(log: (line: string) => void, what: string, work: () => void): void {
  const started = Date.now();
  work();
  log(`  ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function putBack(db: SQLite.Database, aside: SetAside, log: (line: string) => void): void {
  for (const statement of aside.statements)
    timed(log, statement.replace(/\s+/g, ' ').slice(0, 60), () => db.exec(statement));
  for (const name of aside.searchTables)
    timed(log, `${name} rebuild`, () =>
      db.prepare(`insert into ${quote(name)} (${quote(name)}) values ('rebuild')`).run(),
    );
}

export interface SqliteLoadResult {
  rows: number;
  rebuiltIndexes: boolean;
}

/**
 * Loads the parts' transactions. When the load at least doubles the tables (a bench database
 * being built) it runs in ONE database transaction that sets aside the secondary indexes and the
 * triggers feeding the FTS5 search tables and makes them again at the end (an index built once
 * from all rows, the search tables rebuilt from theirs): an interrupted run leaves nothing. A
 * smaller load keeps them and commits every `batchRows` transactions.
 */
export function sqliteLoad(o: SqliteLoadOptions): SqliteLoadResult {
  const started = Date.now();
  const log = o.log ?? (() => {});
  const db = new SQLite(o.file);
  try {
    db.pragma('busy_timeout = 30000');
    // A page cache large enough for the indexes that take rows in created-time order (random places).
    db.pragma('cache_size = -1048576');
    db.pragma('temp_store = memory');
    // No fsync at the commit or the checkpoint after it (the load's ~1.5 GB of WAL at 1M rows:
    // ~58 s of the load's time beside another build's writes). This connection only: an
    // application crash still leaves the database whole; an OS crash during a bench build may not.
    db.pragma('synchronous = off');
    // Parents and children are flushed in chunks of their own, so a child may reach the database
    // before its parent: the keys are checked once at the end instead (foreign_key_check).
    db.pragma('foreign_keys = off');
    // Index builds sort on a helper thread too (the machine's second core; default: none).
    db.pragma('threads = 2');
    const tables = Object.fromEntries(
      BULK_TABLES.map((t) => [t, new ChunkedInsert(db, t)]),
    ) as Record<BulkTable, ChunkedInsert>;
    const groups = new NotificationGroups(db);
    const sink = {
      row: (table: BulkTable, values: Value[]) => {
        tables[table].add(values);
        if (table === 'notifications') groups.count(values);
      },
    };
    const flush = () => BULK_TABLES.forEach((t) => tables[t].flush());
    const rows = o.parts.reduce((n, p) => n + p.count, 0);
    const begin = () => {
      db.exec('begin immediate');
      groups.standAside();
    };
    /** Stores what is pending and the rollup's groups, then commits. */
    const commit = () => {
      flush();
      groups.add();
      db.exec('commit');
    };

    begin();
    let aside: SetAside | null = null;
    let stored = 0;
    try {
      const ids = {} as IdCounters;
      for (const t of BULK_TABLES)
        ids[t] =
          Number(
            (
              db
                .prepare(`select coalesce(max(${quote(ID_COLUMN[t])}), 0) as m from ${quote(t)}`)
                .get() as { m: number }
            ).m,
          ) + 1;
      db.exec('update transaction_rollup_state set "rlstTimeZone" = null where "rlstId" = 1');
      if (o.rebuildIndexes ?? rows >= ids.transactions - 1) aside = setAside(db);
      const batchRows = o.batchRows ?? DEFAULT_BATCH_ROWS;
      let inBatch = 0;
      for (const part of o.parts) {
        for (const item of partItems(part, o.common)) {
          emitRows(item, ids, sink);
          if (++inBatch === batchRows) {
            stored += inBatch;
            inBatch = 0;
            if (!aside) {
              commit();
              begin();
            }
            o.onProgress?.(stored);
          }
        }
      }
      flush();
      groups.add();
      stored += inBatch;
      log(`Rows stored in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      if (aside) putBack(db, aside, log);
      timed(log, 'foreign_key_check', () => {
        for (const table of BULK_TABLES) {
          const broken = db.prepare(`pragma foreign_key_check(${quote(table)})`).all();
          if (broken.length > 0)
            throw new Error(
              `generator: ${broken.length} rows of ${table} break a foreign key, e.g. ${JSON.stringify(broken[0])}`,
            );
        }
      });
      timed(log, 'commit', () => db.exec('commit'));
    } catch (error) {
      if (db.inTransaction) db.exec('rollback');
      throw error;
    }
    // One segment per search table, as the migrations leave them (a phrase query reads each trigram's list once).
    for (const { name } of db
      .prepare(
        `select name from sqlite_master where type = 'table' and sql like 'create virtual table%using fts5%'`,
      )
      .all() as { name: string }[]) {
      timed(log, `${name} optimize`, () =>
        db.prepare(`insert into ${quote(name)} (${quote(name)}) values ('optimize')`).run(),
      );
    }
    return { rows: stored, rebuiltIndexes: aside !== null };
  } finally {
    db.close();
  }
}
