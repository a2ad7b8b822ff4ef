/**
 * One SQLite thread seen from the HTTP thread: requests go out with an id, answers come back
 * as promises. An SQLite error comes back as an Error with the same message and code, so
 * violations.ts and the 503 mapping see what better-sqlite3 said. The thread holds the process
 * open only while a request is in flight (an idle database never keeps a CLI from exiting).
 *
 * A thread that dies (out of memory on a huge result, say) fails what it was running with
 * THREAD_STOPPED (answered 503) and, for a file database, is started again by the next request:
 * the file holds everything committed, so the server heals without a restart. An in-memory
 * database died with its thread: its requests keep failing.
 */
import { Worker } from 'node:worker_threads';
import type {
  SqliteWorkerData,
  WorkerAnswer,
  WorkerError,
  WorkerRequest,
  WorkerResult,
} from './sqlite-protocol.ts';

type Outgoing = WorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

export class SqliteThreadError extends Error {
  code?: string;
  constructor(error: WorkerError) {
    super(error.message);
    this.name = error.name === 'SqliteError' ? 'SqliteError' : error.name || 'Error';
    if (error.code !== undefined) this.code = error.code;
  }
}

/** The code of the error a request gets when its thread died under it (connection-errors.ts: 503). */
export const THREAD_STOPPED = 'SQLITE_THREAD_STOPPED';

const threadStopped = (cause: string): Error =>
  Object.assign(new Error(`The SQLite thread stopped (${cause}).`), { code: THREAD_STOPPED });

export class SqliteThread {
  /** The first thread has opened the database (rejects with why it could not). */
  readonly ready: Promise<void>;
  readonly #data: SqliteWorkerData;
  #worker!: Worker;
  #nextId = 1;
  #pending = new Map<
    number,
    { resolve: (result: WorkerResult) => void; reject: (error: Error) => void }
  >();
  #gone: Error | null = null;
  #closed = false;

  constructor(data: SqliteWorkerData) {
    this.#data = data;
    this.ready = this.#spawn();
  }

  #spawn(): Promise<void> {
    const worker = new Worker(new URL('./sqlite-worker.ts', import.meta.url), {
      workerData: this.#data,
    });
    this.#worker = worker;
    this.#gone = null;
    const ready = new Promise<void>((resolve, reject) => {
      this.#pending.set(0, { resolve: () => resolve(), reject });
    });
    ready.catch(() => {}); // told to whoever awaits it (the driver's init), never unhandled
    worker.on('message', (answer: WorkerAnswer) => this.#answer(answer));
    worker.on('error', (error) =>
      this.#fail(worker, Object.assign(threadStopped(error.message), { cause: error })),
    );
    worker.on('exit', (code) => this.#fail(worker, threadStopped(`exit code ${code}`)));
    return ready;
  }

  send(request: Outgoing): Promise<WorkerResult> {
    if (this.#gone) {
      if (this.#closed || this.#data.path === ':memory:') return Promise.reject(this.#gone);
      void this.#spawn(); // a file database: a new thread opens it; this request queues behind the opening
    }
    const id = this.#nextId++;
    const promise = new Promise<WorkerResult>((resolve, reject) =>
      this.#pending.set(id, { resolve, reject }),
    );
    if (this.#pending.size === 1) this.#worker.ref();
    this.#worker.postMessage({ ...request, id });
    return promise;
  }

  /** Ends the thread at once, as a crash would (tests). */
  async kill(): Promise<void> {
    await this.#worker.terminate();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#gone) return;
    await this.ready.catch(() => {});
    if (!this.#gone) await this.send({ op: 'close' }).catch(() => {});
    await this.#worker.terminate();
  }

  #answer(answer: WorkerAnswer): void {
    const waiting = this.#pending.get(answer.id);
    if (!waiting) return;
    this.#settled(answer.id);
    if (answer.ok) waiting.resolve(answer.result);
    else waiting.reject(new SqliteThreadError(answer.error));
  }

  #settled(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  #fail(worker: Worker, error: Error): void {
    if (worker !== this.#worker) return; // an earlier thread's last words
    this.#gone ??= error;
    for (const [id, waiting] of this.#pending) {
      this.#settled(id);
      waiting.reject(error);
    }
  }
}
