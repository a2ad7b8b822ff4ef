/** The messages between the HTTP thread (sqlite-dialect.ts) and an SQLite thread (sqlite-worker.ts). */

export interface SqliteWorkerData {
  /** The file, or ':memory:' (then the writer is the only thread). */
  path: string;
  /** The writer takes every write and transaction; a reader is query-only. */
  role: 'writer' | 'reader';
  /** ':memory:' only: the database starts as this copy of another (its `serialize` image). */
  image?: Uint8Array;
}

export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; parameters: readonly unknown[] }
  | { id: number; op: 'stream-open'; sql: string; parameters: readonly unknown[]; batch: number }
  | { id: number; op: 'stream-next'; streamId: number }
  | { id: number; op: 'stream-close'; streamId: number }
  | { id: number; op: 'serialize' }
  | { id: number; op: 'close' };

export interface WorkerResult {
  rows: unknown[];
  changes?: number;
  lastInsertRowid?: number | bigint;
  streamId?: number;
  done?: boolean;
  /** How long the query ran on its thread (the reader pool learns which SQL is slow). */
  ms?: number;
  /** The whole database as one image ('serialize'). */
  image?: Uint8Array;
}

/** An SQLite error as it crosses the thread boundary: its code (SQLITE_CONSTRAINT_UNIQUE…) kept. */
export interface WorkerError {
  message: string;
  name: string;
  code?: string;
}

export type WorkerAnswer =
  { id: number; ok: true; result: WorkerResult } | { id: number; ok: false; error: WorkerError };
