/**
 * The generator's PostgreSQL loader: `COPY ... FROM STDIN` (pg-copy-streams) of the rows a
 * worker thread encodes (bulk-copy-worker.ts), all in ONE database transaction, so an interrupted
 * run leaves the database as it was.
 *
 * When the load at least doubles the tables (a bench database being built), their secondary
 * indexes, unique and foreign-key constraints are dropped first and made again at the end, from
 * their own definitions (pg_get_indexdef / pg_get_constraintdef, so whatever later migrations add
 * comes back as it was): building an index once over sorted rows is far cheaper than keeping it
 * up row by row, and a foreign key validated once by a join is far cheaper than a lookup and a
 * row lock per inserted row. Triggers stay (migration 0014's notification rollup counts the COPY).
 *
 * The transaction rollup is not added to row by row: the load marks it unbuilt, and the caller
 * rebuilds it from the rows once committed (exactly what `rollups:verify` recomputes).
 */
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { BULK_TABLES, ID_COLUMN, TABLE_COLUMNS, type BulkTable, type GenerationCommon, type GenerationPart, type IdCounters } from './bulk-rows.ts';
import type { CopyWorkerInput, CopyWorkerMessage } from './bulk-copy-worker.ts';

export interface CopyLoadOptions {
  url: string;
  /** The schema the tables live in, when not the default (tests). */
  schema?: string;
  parts: GenerationPart[];
  common: GenerationCommon;
  /** Transactions per COPY batch. */
  batchRows?: number;
  /** Drop and rebuild secondary indexes and constraints: default when the load at least doubles the rows. */
  rebuildIndexes?: boolean;
  log?: (line: string) => void;
  /** Called after each stored batch with the transactions stored so far. */
  onProgress?: (rows: number) => void;
}

export interface CopyLoadResult {
  rows: number;
  rebuiltIndexes: boolean;
  /** Seconds spent making indexes and constraints again (part of the load). */
  indexSeconds: number;
}

const DEFAULT_BATCH_ROWS = 25_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A secondary index or a unique / foreign-key constraint of the loaded tables, to drop and make again. */
interface Dropped {
  table: string;
  name: string;
  kind: 'index' | 'constraint';
  definition: string;
}

async function droppable(client: pg.Client): Promise<Dropped[]> {
  const tables = BULK_TABLES as readonly string[];
  const { rows: constraints } = await client.query<{ table: string; name: string; definition: string }>(
    `select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class t on t.oid = c.conrelid
      where t.relnamespace = current_schema()::regnamespace and t.relname = any($1) and c.contype in ('u', 'f')
      order by c.contype desc, t.relname, c.conname`, // unique first when made again: foreign keys last
    [tables],
  );
  const { rows: indexes } = await client.query<{ table: string; name: string; definition: string }>(
    `select t.relname as table, x.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class t on t.oid = i.indrelid join pg_class x on x.oid = i.indexrelid
      where t.relnamespace = current_schema()::regnamespace and t.relname = any($1) and not i.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by t.relname, x.relname`,
    [tables],
  );
  return [
    ...indexes.map((r) => ({ ...r, kind: 'index' as const })),
    ...constraints.map((r) => ({ ...r, kind: 'constraint' as const })),
  ];
}

async function drop(client: pg.Client, items: readonly Dropped[]): Promise<void> {
  // Foreign keys first (a unique constraint may be what one references), then the rest.
  for (const d of [...items].reverse()) {
    await client.query(d.kind === 'index' ? `drop index ${quote(d.name)}` : `alter table ${quote(d.table)} drop constraint ${quote(d.name)}`);
  }
}

async function makeAgain(client: pg.Client, items: readonly Dropped[], log: (line: string) => void): Promise<void> {
  for (const d of items) {
    const started = Date.now();
    await client.query(d.kind === 'index' ? d.definition : `alter table ${quote(d.table)} add constraint ${quote(d.name)} ${d.definition}`);
    log(`  ${d.kind} ${d.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

async function nextIds(client: pg.Client): Promise<IdCounters> {
  const ids = {} as IdCounters;
  for (const table of BULK_TABLES) {
    const { rows } = await client.query<{ m: string | null }>(`select max(${quote(ID_COLUMN[table])}) as m from ${quote(table)}`);
    ids[table] = Number(rows[0]?.m ?? 0) + 1;
  }
  return ids;
}

function copyInto(client: pg.Client, table: BulkTable, bytes: Buffer): Promise<void> {
  const columns = TABLE_COLUMNS[table].map(quote).join(', ');
  const stream = client.query(copyFrom(`copy ${quote(table)} (${columns}) from stdin`));
  return new Promise((resolve, reject) => {
    stream.on('finish', () => resolve());
    stream.on('error', reject);
    stream.end(bytes);
  });
}

/** Runs the worker and stores each batch it hands over; resolves with the rows stored. */
function streamBatches(client: pg.Client, input: Omit<CopyWorkerInput, 'pending' | 'ahead'>, onProgress: (rows: number) => void): Promise<number> {
  const pending = new SharedArrayBuffer(4);
  const counter = new Int32Array(pending);
  const worker = new Worker(new URL('./bulk-copy-worker.ts', import.meta.url), { workerData: { ...input, pending, ahead: 2 } satisfies CopyWorkerInput });
  let stored = 0;
  let chain = Promise.resolve();
  return new Promise<number>((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      void worker.terminate();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    worker.on('error', fail);
    worker.on('message', (message: CopyWorkerMessage) => {
      if (message.kind === 'error') return fail(new Error(`generator worker: ${message.message}`));
      if (message.kind === 'done') {
        chain.then(() => { void worker.terminate(); resolve(stored); }, fail);
        return;
      }
      chain = chain.then(async () => {
        if (failed) return;
        for (const t of message.tables) await copyInto(client, t.table, Buffer.from(t.bytes, 0, t.length));
        stored += message.rows;
        Atomics.sub(counter, 0, 1);
        Atomics.notify(counter, 0);
        onProgress(stored);
      });
      chain.catch(fail);
    });
  });
}

/**
 * Loads the parts' transactions with their detail, notification and history rows. Returns when
 * committed; the caller then resyncs the id sequences, rebuilds the transaction rollup and
 * analyzes (bulk-generate.ts).
 */
export async function copyLoad(o: CopyLoadOptions): Promise<CopyLoadResult> {
  const log = o.log ?? (() => {});
  const searchPath = o.schema ? ` -c search_path=${o.schema}` : '';
  const client = new pg.Client({ connectionString: o.url, options: `-c TimeZone=UTC${searchPath}`, application_name: 'tagih-generate' });
  await client.connect();
  try {
    await client.query('begin');
    // Index builds sort in memory (GIN trigram indexes above all); the one commit need not wait
    // for its WAL flush (a crash right after it loses the load, never the database's consistency).
    await client.query(`set local maintenance_work_mem = '1GB'`);
    await client.query('set local synchronous_commit = off');
    await client.query(`lock table ${BULK_TABLES.map(quote).join(', ')} in share row exclusive mode`);
    const firstIds = await nextIds(client);
    const rows = o.parts.reduce((n, p) => n + p.count, 0);
    const rebuildIndexes = o.rebuildIndexes ?? rows >= firstIds.transactions - 1;
    const dropped = rebuildIndexes ? await droppable(client) : [];
    await drop(client, dropped);
    // Unbuilt until the caller rebuilds it from the rows (lists count rows meanwhile; the server rebuilds it at start).
    await client.query('update transaction_rollup_state set "rlstTimeZone" = null where "rlstId" = 1');

    const stored = await streamBatches(client, { parts: o.parts, common: o.common, firstIds, batchRows: o.batchRows ?? DEFAULT_BATCH_ROWS }, o.onProgress ?? (() => {}));
    const indexStarted = Date.now();
    if (dropped.length > 0) {
      log(`Making ${dropped.length} indexes and constraints again …`);
      await makeAgain(client, dropped, log);
    }
    const indexSeconds = (Date.now() - indexStarted) / 1000;
    await client.query('commit');
    return { rows: stored, rebuiltIndexes: dropped.length > 0, indexSeconds };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
