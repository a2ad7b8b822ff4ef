/**
 * The query-only reader threads of a file database and who runs next on them. A reader takes
 * one query at a time from one queue here (never a backlog of its own), and a query known to
 * be slow (its SQL took more than SLOW_QUERY_MS on average lately: a 30-day list, an export
 * batch, a broad search) may occupy all readers but one: the last free reader is kept for the
 * quick ones (a session check, a status call). So a slow request never makes the quick ones
 * wait behind it.
 *
 * Otherwise the queue is served in order: a slow query waits for a free slow lane, not for every
 * quick one that arrives meanwhile. (Quick ones first starved slow ones while quick ones kept
 * coming: under load a search whose SQL had been timed slow, though it ran in a few
 * milliseconds, waited seconds for its turn; bench/README.md.)
 */
import type { SqliteThread } from './sqlite-thread.ts';
import type { WorkerResult } from './sqlite-protocol.ts';

export const SLOW_QUERY_MS = 25;
const COST_MEMORY = 2000;

interface Job {
  sql: string;
  parameters: readonly unknown[];
  slow: boolean;
  resolve: (result: WorkerResult) => void;
  reject: (error: unknown) => void;
}

export class ReaderPool {
  readonly #readers: SqliteThread[];
  readonly #busy = new Set<SqliteThread>();
  readonly #queue: Job[] = [];
  /** Recent mean milliseconds per SQL text. */
  readonly #cost = new Map<string, number>();
  /** How many readers slow work may hold at once (all but one, when there are two or more). */
  readonly #slowLanes: number;
  #slowRunning = 0;

  constructor(readers: SqliteThread[]) {
    this.#readers = readers;
    this.#slowLanes = Math.max(1, readers.length - 1);
  }

  get size(): number {
    return this.#readers.length;
  }

  run(sql: string, parameters: readonly unknown[]): Promise<WorkerResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({
        sql,
        parameters,
        slow: (this.#cost.get(sql) ?? 0) > SLOW_QUERY_MS,
        resolve,
        reject,
      });
      this.#pump();
    });
  }

  /** A free reader for a stream (slow work: it holds the reader until released), or null. */
  reserve(): SqliteThread | null {
    if (this.#slowRunning >= this.#slowLanes) return null;
    const reader = this.#readers.find((r) => !this.#busy.has(r));
    if (!reader) return null;
    this.#busy.add(reader);
    this.#slowRunning += 1;
    return reader;
  }

  unreserve(reader: SqliteThread): void {
    if (!this.#busy.delete(reader)) return;
    this.#slowRunning -= 1;
    this.#pump();
  }

  /** The oldest job that may run now: a slow one only while a slow lane is free. */
  #next(): Job | undefined {
    const slowMayRun = this.#slowRunning < this.#slowLanes;
    const index = this.#queue.findIndex((job) => slowMayRun || !job.slow);
    return index >= 0 ? this.#queue.splice(index, 1)[0] : undefined;
  }

  #pump(): void {
    for (const reader of this.#readers) {
      if (this.#queue.length === 0) return;
      if (this.#busy.has(reader)) continue;
      const job = this.#next();
      if (!job) return;
      this.#start(reader, job);
    }
  }

  #start(reader: SqliteThread, job: Job): void {
    this.#busy.add(reader);
    if (job.slow) this.#slowRunning += 1;
    reader
      .send({ op: 'query', sql: job.sql, parameters: job.parameters })
      .then((result) => {
        if (result.ms !== undefined) this.#learn(job.sql, result.ms);
        job.resolve(result);
      }, job.reject)
      .finally(() => {
        this.#busy.delete(reader);
        if (job.slow) this.#slowRunning -= 1;
        this.#pump();
      });
  }

  #learn(sql: string, ms: number): void {
    const before = this.#cost.get(sql);
    if (before === undefined && this.#cost.size >= COST_MEMORY) this.#cost.clear();
    this.#cost.set(sql, before === undefined ? ms : before * 0.7 + ms * 0.3);
  }
}
