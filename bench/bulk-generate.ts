/**
 * The bulk generator behind `npm run generate` and the benchmarks: realistic synthetic VA and
 * QRIS transactions (db/seed/synthetic-transactions.ts, with notifications and history) spread
 * over the given companies. Two ways to store them:
 * - `fast` (default): PostgreSQL `COPY ... FROM STDIN` of rows a worker thread encodes, in one
 *   database transaction (bulk-copy-pg.ts); SQLite multi-row prepared statements on a connection
 *   of its own (bulk-sqlite.ts). When the load at least doubles the tables, secondary indexes
 *   (PostgreSQL: also unique and foreign-key constraints; SQLite: also the search tables) are set
 *   aside in that one transaction and made again at the end. The transaction rollup is then
 *   rebuilt from the rows once (`rebuildRollup`: exactly what `rollups:verify` recomputes), the id
 *   sequences moved past the new ids and PostgreSQL's statistics refreshed.
 * - `batches`: the previous way, db/seed/bulk-transactions.ts through Kysely (20,000 transactions
 *   per database transaction, the rollup added batch by batch). Also what an in-memory SQLite
 *   database gets (no second connection can reach it).
 */
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Db } from '@tagih/server/src/db/database.ts';
import type { Database } from '@tagih/server/src/db/tables.ts';
import { resyncIdentity } from '@tagih/server/src/db/seed/base.ts';
import { insertTransactions } from '@tagih/server/src/db/seed/bulk-transactions.ts';
import { rebuildRollup, rollupTimeZone } from '@tagih/server/src/db/transaction-rollup.ts';
import { copyLoad } from './bulk-copy-pg.ts';
import {
  BULK_TABLES,
  ID_COLUMN,
  partItems,
  type GenerationCommon,
  type GenerationPart,
} from './bulk-rows.ts';
import { sqliteLoad } from './bulk-sqlite.ts';

export interface GeneratorCompany {
  compId: number;
  clntid: number;
  clntCallbackUrl: string | null;
}

export const GENERATE_METHODS = ['fast', 'batches'] as const;
export type GenerateMethod = (typeof GENERATE_METHODS)[number];

/** Where the rows go: the open database, and for PostgreSQL the URL it was opened with (COPY uses a connection of its own). */
export interface GeneratorTarget {
  db: Db;
  url: string;
}

export interface GenerateOptions {
  counts: { VA: number; QRIS: number };
  /** Spread over the last `days` days and today. */
  days: number;
  now: Date;
  timeZone: string;
  /** Each type's count is shared out evenly over these companies. */
  companies: readonly GeneratorCompany[];
  /** Default `fast`. */
  method?: GenerateMethod;
  /** Seeds the synthetic values (default: the clock), so two runs can make the same rows. */
  seed?: number;
  /** Progress lines (every 100,000 rows or so); default: none. */
  log?: (line: string) => void;
}

export interface GenerateResult {
  total: number;
  seconds: number;
  rowsPerSecond: number;
  method: GenerateMethod;
  /** Fast method: seconds of the run spent after the rows were stored (sequences, the rollup, statistics). */
  finishSeconds?: number;
}

/** Active companies that have a client (transactions belong to a company and its client), by id. */
export function activeCompanies(
  db: Kysely<Database>,
  names?: readonly string[],
): Promise<GeneratorCompany[]> {
  let q = db
    .selectFrom('companies')
    .innerJoin('clients', 'clients.clntid', 'companies.compClientId')
    .select(['compId', 'clntid', 'clntCallbackUrl'])
    .where('compStatus', '=', 1);
  if (names) q = q.where('compName', 'in', names);
  return q.orderBy('compId').execute();
}

/** Each company's share of each kind, with its seed and order-id prefix (unique per company and run). */
function planParts(o: GenerateOptions, seed: number): GenerationPart[] {
  const run = o.now.getTime().toString(36).toUpperCase();
  const parts: GenerationPart[] = [];
  for (const type of ['VA', 'QRIS'] as const) {
    for (const [i, c] of o.companies.entries()) {
      const count =
        Math.floor(o.counts[type] / o.companies.length) +
        (i < o.counts[type] % o.companies.length ? 1 : 0);
      if (count === 0) continue;
      parts.push({
        type,
        compId: c.compId,
        clntId: c.clntid,
        count,
        callbackUrl: c.clntCallbackUrl,
        seed: seed + c.compId * 7919 + (type === 'VA' ? 1 : 2),
        orderPrefix: `G${run}${type === 'VA' ? 'V' : 'Q'}${c.compId}`,
      });
    }
  }
  return parts;
}

const PROGRESS_EVERY = 100_000;

/**
 * After a fast load: moves the id sequences past the new ids, rebuilds the transaction rollup
 * from the rows when it is kept (`timeZone`), and refreshes PostgreSQL's statistics. These read
 * every row, so on PostgreSQL they run on connections of their own without the pool's statement
 * timeout (the rollup's GROUP BY over 12M rows takes minutes on a loaded machine), two at once.
 */
export async function finishLoad(target: GeneratorTarget, timeZone: string | null): Promise<void> {
  const { db } = target;
  const own =
    db.dialect === 'postgres'
      ? openDatabase(target.url, {
          ...(db.schema ? { pgSchema: db.schema } : {}),
          pool: { size: 2, statementTimeoutMs: 0 },
        })
      : null;
  const kysely = own?.kysely ?? db.kysely;
  try {
    for (const table of BULK_TABLES) await resyncIdentity(kysely, table, ID_COLUMN[table]);
    if (!own) {
      // SQLite has no statistics today (no sqlite_stat1): its list plans were chosen without, so none are made here.
      if (timeZone !== null) await rebuildRollup(kysely, timeZone);
      return;
    }
    // PostgreSQL after a bulk load (autovacuum would get there, later): fresh statistics for the
    // planner and the visibility map for index-only scans. On two sessions (the machine's two
    // cores): the rollup's GROUP BY over the transactions, then their vacuum, beside the vacuum
    // of the other tables.
    const vacuum = (tables: readonly string[]) =>
      sql`vacuum (analyze) ${sql.join(tables.map((t) => sql.table(t)))}`.execute(kysely);
    await Promise.all([
      (async () => {
        if (timeZone !== null) await rebuildRollup(kysely, timeZone);
        await vacuum(['transactions', 'transaction_rollup']);
      })(),
      vacuum([...BULK_TABLES.filter((t) => t !== 'transactions'), 'notification_rollup']),
    ]);
  } finally {
    await own?.close();
  }
}

export async function generateTransactions(
  target: GeneratorTarget,
  o: GenerateOptions,
): Promise<GenerateResult> {
  const started = Date.now();
  const parts = planParts(o, o.seed ?? started);
  const common: GenerationCommon = {
    days: o.days,
    nowIso: o.now.toISOString(),
    timeZone: o.timeZone,
  };
  const total = parts.reduce((n, p) => n + p.count, 0);
  const { db } = target;
  const method: GenerateMethod =
    o.method === 'batches' || (db.dialect === 'sqlite' && !db.sqliteFile) ? 'batches' : 'fast';
  let lastLogged = 0;
  const progress = (done: number) => {
    if (!o.log || done - lastLogged < PROGRESS_EVERY) return;
    lastLogged = done;
    const seconds = (Date.now() - started) / 1000;
    o.log(
      `${done.toLocaleString('en')} / ${total.toLocaleString('en')}  (${Math.round(done / seconds).toLocaleString('en')} rows/s overall)`,
    );
  };
  const elapsed = () => (Date.now() - started) / 1000;

  if (method === 'batches') {
    let done = 0;
    for (const part of parts) {
      await insertTransactions(db.kysely, partItems(part, common), (n) => progress(done + n));
      done += part.count;
    }
    return {
      total,
      seconds: elapsed(),
      rowsPerSecond: Math.round(total / Math.max(elapsed(), 1e-9)),
      method,
    };
  }

  const timeZone = await rollupTimeZone(db.kysely);
  let rowsDone: number;
  if (db.dialect === 'postgres') {
    const result = await copyLoad({
      url: target.url,
      ...(db.schema ? { schema: db.schema } : {}),
      parts,
      common,
      log: o.log,
      onProgress: progress,
    });
    rowsDone = result.rows;
    if (result.rebuiltIndexes)
      o.log?.(`Indexes and constraints made again in ${result.indexSeconds.toFixed(1)} s.`);
  } else {
    const result = sqliteLoad({
      file: db.sqliteFile!,
      parts,
      common,
      onProgress: progress,
      ...(o.log ? { log: o.log } : {}),
    });
    rowsDone = result.rows;
    if (result.rebuiltIndexes) o.log?.('Indexes and search tables made again.');
  }
  const finishStarted = Date.now();
  await finishLoad(target, timeZone);
  const seconds = elapsed();
  o.log?.(`Rollup and statistics in ${((Date.now() - finishStarted) / 1000).toFixed(1)} s.`);
  return {
    total: rowsDone,
    seconds,
    rowsPerSecond: Math.round(rowsDone / Math.max(seconds, 1e-9)),
    method,
    finishSeconds: (Date.now() - finishStarted) / 1000,
  };
}
