/**
 * The generator's PostgreSQL loader: `COPY ... FROM STDIN` (pg-copy-streams) of the rows a
 * worker thread encodes (bulk-copy-worker.ts), all in ONE database transaction, so a run
 * interrupted while storing rows leaves the database as it was.
 *
 * When the load at least doubles the tables (a bench database being built), their secondary
 * indexes, unique and foreign-key constraints are dropped first and made again after the rows,
 * from their own definitions (pg_get_indexdef / pg_get_constraintdef, so whatever later
 * migrations add comes back as it was): building an index once over sorted rows is far cheaper
 * than keeping it up row by row, and a foreign key validated once by a join is far cheaper than
 * a lookup and a row lock per inserted row. They are made again on two sessions at once, after
 * the rows' commit, from a record the load's transaction leaves (PENDING_TABLE): see copyLoad.
 *
 * The rollups are not added to row by row: the load marks the transaction rollup unbuilt (the
 * caller rebuilds it from the rows once committed: exactly what `rollups:verify` recomputes),
 * and adds the notification rollup's groups once, its trigger disabled meanwhile
 * (standAsideNotificationRollup).
 */
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  BULK_TABLES,
  ID_COLUMN,
  TABLE_COLUMNS,
  type BulkTable,
  type NotificationGroup,
  type GenerationCommon,
  type GenerationPart,
  type IdCounters,
} from './bulk-rows.ts';
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
  /** Sessions making them again at once (default 2). */
  indexSessions?: number;
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

/**
 * The record of an unfinished load: the indexes and constraints set aside, written in the load's
 * own transaction and dropped once they all exist again. Its presence means a load was
 * interrupted after its rows were committed (see copyLoad); the next load finishes that work
 * first (resumePendingLoad), and so can `npm run generate`.
 */
export const PENDING_TABLE = 'bench_bulk_load_pending';

/**
 * A secondary index or a unique / foreign-key constraint of the loaded tables, to drop and make
 * again. A unique constraint is made again as its index (`indexDefinition`, built like the other
 * indexes: a SHARE lock, so beside them) and then attached (`add constraint … using index`).
 */
export interface Dropped {
  table: string;
  name: string;
  kind: 'index' | 'unique' | 'foreign';
  definition: string;
  indexDefinition: string | null;
  /** GIN (trigram) indexes take several times as long as a B-tree over the same rows: built first. */
  gin: boolean;
}

async function droppable(client: pg.Client): Promise<Dropped[]> {
  const tables = BULK_TABLES as readonly string[];
  const { rows } = await client.query<Dropped>(
    `select t.relname as table, c.conname as name, case c.contype when 'u' then 'unique' else 'foreign' end as kind,
            pg_get_constraintdef(c.oid) as definition, case when c.contype = 'u' then pg_get_indexdef(c.conindid) end as "indexDefinition",
            false as gin
       from pg_constraint c join pg_class t on t.oid = c.conrelid
      where t.relnamespace = current_schema()::regnamespace and t.relname = any($1) and c.contype in ('u', 'f')
     union all
     select t.relname, x.relname, 'index', pg_get_indexdef(i.indexrelid), null, am.amname = 'gin'
       from pg_index i join pg_class t on t.oid = i.indrelid join pg_class x on x.oid = i.indexrelid join pg_am am on am.oid = x.relam
      where t.relnamespace = current_schema()::regnamespace and t.relname = any($1) and not i.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by 1, 2`,
    [tables],
  );
  return rows;
}

async function drop(client: pg.Client, items: readonly Dropped[]): Promise<void> {
  // Foreign keys first (a unique constraint may be what one references), then the rest.
  for (const d of [...items].sort(
    (a, b) => Number(b.kind === 'foreign') - Number(a.kind === 'foreign'),
  )) {
    await client.query(
      d.kind === 'index'
        ? `drop index ${quote(d.name)}`
        : `alter table ${quote(d.table)} drop constraint ${quote(d.name)}`,
    );
  }
}

async function recordPending(client: pg.Client, items: readonly Dropped[]): Promise<void> {
  await client.query(`create table ${quote(PENDING_TABLE)} (item jsonb not null)`);
  await client.query(
    `insert into ${quote(PENDING_TABLE)} (item) select * from jsonb_array_elements($1::jsonb)`,
    [JSON.stringify(items)],
  );
}

/**
 * Drops the loaded tables' secondary indexes, unique and foreign-key constraints and records them
 * in PENDING_TABLE, in the caller's transaction (client: on the tables' schema); returns them.
 */
export async function setAside(client: pg.Client): Promise<Dropped[]> {
  const items = await droppable(client);
  if (items.length === 0) return items;
  await recordPending(client, items);
  await drop(client, items);
  return items;
}

/** One step of making the set-aside objects again, on whichever session is free. */
interface Step {
  label: string;
  /** Whether it is done already (a resumed load skips what an interrupted one finished). */
  done: (client: pg.Client) => Promise<boolean>;
  sql: string;
}

const indexExists = (name: string) => async (client: pg.Client) =>
  (
    await client.query(
      `select 1 from pg_class where relname = $1 and relnamespace = current_schema()::regnamespace`,
      [name],
    )
  ).rowCount! > 0;
const constraintExists = (table: string, name: string) => async (client: pg.Client) =>
  (
    await client.query(
      `select 1 from pg_constraint where conname = $1 and conrelid = to_regclass($2)`,
      [name, quote(table)],
    )
  ).rowCount! > 0;

/**
 * The steps in two waves: first every index (unique constraints' included), GIN then the larger
 * tables first (`bytes`: each table's size now), so that the last builds are short ones; then
 * what needs them or locks the tables whole: unique constraints attached to their indexes,
 * foreign keys validated.
 */
function steps(items: readonly Dropped[], bytes: ReadonlyMap<string, number>): [Step[], Step[]] {
  const size = (d: Dropped) => bytes.get(d.table) ?? 0;
  const builds = items
    .filter((d) => d.kind !== 'foreign')
    .sort(
      (a, b) => Number(b.gin) - Number(a.gin) || size(b) - size(a) || a.name.localeCompare(b.name),
    )
    .map((d): Step => ({
      label: `index ${d.name}`,
      done: indexExists(d.name),
      sql: d.kind === 'index' ? d.definition : d.indexDefinition!,
    }));
  const attach = items
    .filter((d) => d.kind !== 'index')
    .sort(
      (a, b) =>
        Number(a.kind === 'foreign') - Number(b.kind === 'foreign') ||
        size(b) - size(a) ||
        a.name.localeCompare(b.name),
    )
    .map((d): Step => ({
      label: `${d.kind === 'unique' ? 'unique constraint' : 'foreign key'} ${d.name}`,
      done: constraintExists(d.table, d.name),
      sql: `alter table ${quote(d.table)} add constraint ${quote(d.name)} ${d.kind === 'unique' ? `unique using index ${quote(d.name)}` : d.definition}`,
    }));
  return [builds, attach];
}

/** Runs the steps on `sessions` connections at once, each taking the next step when free. */
async function runSteps(
  sessions: readonly pg.Client[],
  queue: Step[],
  log: (line: string) => void,
): Promise<void> {
  let next = 0;
  await Promise.all(
    sessions.map(async (client) => {
      for (let step = queue[next++]; step; step = queue[next++]) {
        const started = Date.now();
        if (await step.done(client)) continue;
        await client.query(step.sql);
        log(`  ${step.label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    }),
  );
}

export interface ConnectOptions {
  url: string;
  schema?: string;
}

export async function connect(o: ConnectOptions): Promise<pg.Client> {
  const searchPath = o.schema ? ` -c search_path=${o.schema}` : '';
  const client = new pg.Client({
    connectionString: o.url,
    options: `-c TimeZone=UTC${searchPath}`,
    application_name: 'tagih-generate',
  });
  await client.connect();
  return client;
}

/** Sessions that make indexes again at once (the machine's two cores; GIN builds use one each). */
const DEFAULT_INDEX_SESSIONS = 2;

/**
 * Makes the indexes and constraints recorded in PENDING_TABLE again (those not there yet), on
 * `sessions` connections at once, then drops the record. Returns the seconds it took, or null
 * when nothing was pending.
 */
export async function resumePendingLoad(
  o: ConnectOptions & { sessions?: number; log?: (line: string) => void },
): Promise<number | null> {
  const log = o.log ?? (() => {});
  const first = await connect(o);
  const sessions = [first];
  try {
    if (
      (await first.query(`select to_regclass($1) as t`, [quote(PENDING_TABLE)])).rows[0]?.t === null
    )
      return null;
    const started = Date.now();
    const items = (
      await first.query<{ item: Dropped }>(`select item from ${quote(PENDING_TABLE)}`)
    ).rows.map((r) => r.item);
    while (sessions.length < (o.sessions ?? DEFAULT_INDEX_SESSIONS))
      sessions.push(await connect(o));
    for (const client of sessions) {
      // Index builds sort in memory (GIN trigram indexes above all: at 10M rows 1 GB made them
      // spill several times); per session, so two sessions may take twice this.
      await client.query(`set maintenance_work_mem = '2GB'`);
      await client.query('set synchronous_commit = off');
    }
    const { rows: sizes } = await first.query<{ table: string; bytes: number }>(
      `select relname as table, pg_relation_size(oid)::float8 as bytes from pg_class where relnamespace = current_schema()::regnamespace and relname = any($1)`,
      [[...new Set(items.map((d) => d.table))]],
    );
    log(`Making ${items.length} indexes and constraints again on ${sessions.length} sessions …`);
    for (const wave of steps(items, new Map(sizes.map((r) => [r.table, r.bytes]))))
      await runSteps(sessions, wave, log);
    await first.query(`drop table ${quote(PENDING_TABLE)}`);
    return (Date.now() - started) / 1000;
  } finally {
    await Promise.all(sessions.map((c) => c.end()));
  }
}

async function nextIds(client: pg.Client): Promise<IdCounters> {
  const ids = {} as IdCounters;
  for (const table of BULK_TABLES) {
    const { rows } = await client.query<{ m: string | null }>(
      `select max(${quote(ID_COLUMN[table])}) as m from ${quote(table)}`,
    );
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
function streamBatches(
  client: pg.Client,
  input: Omit<CopyWorkerInput, 'pending' | 'ahead'>,
  onProgress: (rows: number) => void,
): Promise<{ stored: number; groups: NotificationGroup[] }> {
  const pending = new SharedArrayBuffer(4);
  const counter = new Int32Array(pending);
  const worker = new Worker(new URL('./bulk-copy-worker.ts', import.meta.url), {
    workerData: { ...input, pending, ahead: 2 } satisfies CopyWorkerInput,
  });
  let stored = 0;
  let chain = Promise.resolve();
  return new Promise((resolve, reject) => {
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
        chain.then(() => {
          void worker.terminate();
          resolve({ stored, groups: message.groups });
        }, fail);
        return;
      }
      chain = chain.then(async () => {
        if (failed) return;
        for (const t of message.tables)
          await copyInto(client, t.table, Buffer.from(t.bytes, 0, t.length));
        stored += message.rows;
        Atomics.sub(counter, 0, 1);
        Atomics.notify(counter, 0);
        onProgress(stored);
      });
      chain.catch(fail);
    });
  });
}

/** Migration 0014's trigger that adds each statement's notifications to the notification rollup. */
const NOTIFICATION_ROLLUP_TRIGGER = 'notification_rollup_ai';

/**
 * Disables the notification rollup's insert trigger for the load's transaction (the caller
 * holds the table's lock; addNotificationGroups enables it again before the commit). Each COPY
 * batch otherwise upserts every hour group it touches: +60 % on the notifications' COPY time
 * at 1M rows (24 batches), and at 10M rows ~480 versions of each group row piled up in the one
 * transaction, each upsert walking them. Returns whether it was there to disable.
 */
async function standAsideNotificationRollup(client: pg.Client): Promise<boolean> {
  const { rowCount } = await client.query(
    `select 1 from pg_trigger where tgrelid = 'notifications'::regclass and tgname = $1 and tgenabled <> 'D'`,
    [NOTIFICATION_ROLLUP_TRIGGER],
  );
  if (!rowCount) return false;
  await client.query(
    `alter table notifications disable trigger ${quote(NOTIFICATION_ROLLUP_TRIGGER)}`,
  );
  return true;
}

/** Enables the trigger again and adds the loaded notifications' groups to the rollup in one upsert (groups in key order, as the trigger does). */
async function addNotificationGroups(
  client: pg.Client,
  groups: readonly NotificationGroup[],
): Promise<void> {
  await client.query(
    `alter table notifications enable trigger ${quote(NOTIFICATION_ROLLUP_TRIGGER)}`,
  );
  await client.query(
    `insert into notification_rollup ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpCount")
     select * from unnest($1::integer[], $2::varchar[], $3::integer[], $4::bigint[]) order by 1, 2, 3
     on conflict ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpStripe") do update set "nrlpCount" = notification_rollup."nrlpCount" + excluded."nrlpCount"`,
    [
      groups.map((g) => g.compId),
      groups.map((g) => g.hour),
      groups.map((g) => g.status),
      groups.map((g) => g.n),
    ],
  );
}

/**
 * Loads the parts' transactions with their detail, notification and history rows. The rows are
 * stored in ONE database transaction: interrupted then, the database is as it was. When the
 * indexes and constraints were set aside, that transaction also records them (PENDING_TABLE),
 * and once it is committed they are made again on two sessions at once (resumePendingLoad; the
 * machine's two cores, where one transaction could use one): interrupted then, the rows are
 * there, some indexes and constraints are not, and the record says which, so the next load (or
 * `npm run generate`) makes them first. Returns when all is made; the caller then resyncs the id
 * sequences, rebuilds the transaction rollup and analyzes (bulk-generate.ts).
 */
export async function copyLoad(o: CopyLoadOptions): Promise<CopyLoadResult> {
  const log = o.log ?? (() => {});
  const target = { url: o.url, ...(o.schema ? { schema: o.schema } : {}) };
  const resumed = await resumePendingLoad({ ...target, log });
  if (resumed !== null)
    log(`An interrupted load's indexes and constraints made in ${resumed.toFixed(1)} s.`);
  const client = await connect(target);
  let stored: number;
  let dropped: Dropped[];
  try {
    await client.query('begin');
    // The commit need not wait for its WAL flush (a crash right after it loses the load, never the database's consistency).
    await client.query('set local synchronous_commit = off');
    await client.query(
      `lock table ${BULK_TABLES.map(quote).join(', ')} in share row exclusive mode`,
    );
    const firstIds = await nextIds(client);
    const rows = o.parts.reduce((n, p) => n + p.count, 0);
    const rebuildIndexes = o.rebuildIndexes ?? rows >= firstIds.transactions - 1;
    dropped = rebuildIndexes ? await setAside(client) : [];
    // Unbuilt until the caller rebuilds it from the rows (lists count rows meanwhile; the server rebuilds it at start).
    await client.query(
      'update transaction_rollup_state set "rlstTimeZone" = null where "rlstId" = 1',
    );
    const rollupTrigger = await standAsideNotificationRollup(client);
    const streamed = await streamBatches(
      client,
      { parts: o.parts, common: o.common, firstIds, batchRows: o.batchRows ?? DEFAULT_BATCH_ROWS },
      o.onProgress ?? (() => {}),
    );
    stored = streamed.stored;
    if (rollupTrigger) await addNotificationGroups(client, streamed.groups);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  const indexSeconds =
    dropped.length > 0
      ? (await resumePendingLoad({
          ...target,
          log,
          ...(o.indexSessions ? { sessions: o.indexSessions } : {}),
        }))!
      : 0;
  return { rows: stored, rebuiltIndexes: dropped.length > 0, indexSeconds };
}
