/**
 * The thread that owns one better-sqlite3 connection (db/sqlite-dialect.ts starts it): the
 * writer (every write, every transaction, ':memory:') or a query-only reader (plain SELECTs
 * outside transactions, file databases in WAL mode). It answers one request at a time, in the
 * order sent, so the HTTP thread never waits on SQLite. Self-contained on purpose: it runs
 * under Node's type stripping both in the server and in tests.
 */
import SQLite from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type {
  SqliteWorkerData,
  WorkerAnswer,
  WorkerRequest,
  WorkerResult,
} from './sqlite-protocol.ts';

const { path, role, image } = workerData as SqliteWorkerData;
const port = parentPort!;

const STATEMENT_CACHE = 200;
const statements = new Map<string, SQLite.Statement>();
const streams = new Map<number, { iterator: IterableIterator<unknown>; batch: number }>();

/** Prepared once per SQL text (least recently used ones dropped): the same queries recur. */
function prepared(db: SQLite.Database, sql: string): SQLite.Statement {
  let statement = statements.get(sql);
  if (statement) statements.delete(sql);
  else statement = db.prepare(sql);
  statements.set(sql, statement);
  if (statements.size > STATEMENT_CACHE) statements.delete(statements.keys().next().value!);
  return statement;
}

function open(): SQLite.Database {
  const db = image
    ? new SQLite(Buffer.from(image.buffer, image.byteOffset, image.byteLength))
    : new SQLite(path);
  db.pragma('busy_timeout = 5000');
  if (role === 'writer') {
    if (path !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
  } else {
    db.pragma('query_only = ON');
  }
  return db;
}

function run(db: SQLite.Database, request: WorkerRequest): WorkerResult {
  switch (request.op) {
    case 'query': {
      const started = performance.now();
      const statement = prepared(db, request.sql);
      if (statement.reader)
        return { rows: statement.all(request.parameters), ms: performance.now() - started };
      const { changes, lastInsertRowid } = statement.run(request.parameters);
      return { rows: [], changes, lastInsertRowid, ms: performance.now() - started };
    }
    case 'stream-open': {
      // Its own statement: a cached one may be needed again while this one iterates.
      const statement = db.prepare(request.sql);
      if (!statement.reader)
        throw new Error('Sqlite driver only supports streaming of select queries');
      streams.set(request.id, {
        iterator: statement.iterate(request.parameters),
        batch: request.batch,
      });
      return { rows: [], streamId: request.id };
    }
    case 'stream-next': {
      const stream = streams.get(request.streamId);
      if (!stream) return { rows: [], done: true };
      const rows: unknown[] = [];
      while (rows.length < stream.batch) {
        const next = stream.iterator.next();
        if (next.done) {
          streams.delete(request.streamId);
          return { rows, done: true };
        }
        rows.push(next.value);
      }
      return { rows, done: false };
    }
    case 'stream-close': {
      streams.get(request.streamId)?.iterator.return?.();
      streams.delete(request.streamId);
      return { rows: [] };
    }
    case 'serialize':
      return { rows: [], image: db.serialize() };
    case 'close': {
      for (const stream of streams.values()) stream.iterator.return?.();
      streams.clear();
      db.close();
      return { rows: [] };
    }
  }
}

const failure = (id: number, error: unknown): WorkerAnswer => {
  const e = error as { message?: unknown; code?: unknown; name?: unknown };
  return {
    id,
    ok: false,
    error: {
      message: String(e?.message ?? error),
      name: typeof e?.name === 'string' ? e.name : 'Error',
      ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    },
  };
};

let db: SQLite.Database | null = null;
try {
  db = open();
  port.postMessage({ id: 0, ok: true, result: { rows: [] } } satisfies WorkerAnswer);
} catch (error) {
  port.postMessage(failure(0, error));
}

/**
 * The memory of the BLOBs in a result's rows, moved to the HTTP thread instead of copied: a BLOB
 * better-sqlite3 returns is the only view of its memory. An export's batch of lines
 * (modules/transactions/export/csv-sqlite.ts, hundreds of kilobytes) then crosses without a copy and is freed once written, where a copy would wait for a
 * collection on each side.
 */
function blobMemory(result: WorkerResult): ArrayBuffer[] {
  const memory = new Set<ArrayBuffer>();
  for (const row of result.rows) {
    for (const value of Object.values(row as object)) {
      const whole =
        value instanceof Uint8Array &&
        value.byteOffset === 0 &&
        value.byteLength === value.buffer.byteLength;
      if (whole && value.buffer instanceof ArrayBuffer) memory.add(value.buffer);
    }
  }
  return [...memory];
}

port.on('message', (request: WorkerRequest) => {
  if (!db)
    return port.postMessage(failure(request.id, new Error('The SQLite database is not open.')));
  try {
    const result = run(db, request);
    port.postMessage(
      { id: request.id, ok: true, result } satisfies WorkerAnswer,
      blobMemory(result),
    );
    if (request.op === 'close') {
      db = null;
      port.close();
    }
  } catch (error) {
    port.postMessage(failure(request.id, error));
  }
});
