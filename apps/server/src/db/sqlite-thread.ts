/**
 * One SQLite thread seen from the HTTP thread: requests go out with an id, answers come back
 * as promises. An SQLite error comes back as an Error with the same message and code, so
 * violations.ts and the 503 mapping see what better-sqlite3 said. The thread holds the process
 * open only while a request is in flight (an idle database never keeps a CLI from exiting).
 */
import { Worker } from 'node:worker_threads';
import type { SqliteWorkerData, WorkerAnswer, WorkerError, WorkerRequest, WorkerResult } from './sqlite-protocol.ts';

type Outgoing = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export class SqliteThreadError extends Error {
  code?: string;
  constructor(error: WorkerError) {
    super(error.message);
    this.name = error.name === 'SqliteError' ? 'SqliteError' : error.name || 'Error';
    if (error.code !== undefined) this.code = error.code;
  }
}

export class SqliteThread {
  readonly ready: Promise<void>;
  #worker: Worker;
  #nextId = 1;
  #pending = new Map<number, { resolve: (result: WorkerResult) => void; reject: (error: Error) => void }>();
  #gone: Error | null = null;

  constructor(data: SqliteWorkerData) {
    this.#worker = new Worker(new URL('./sqlite-worker.ts', import.meta.url), { workerData: data });
    this.ready = new Promise<void>((resolve, reject) => {
      this.#pending.set(0, { resolve: () => resolve(), reject });
    });
    this.ready.catch(() => {}); // told to whoever awaits it (the driver's init), never unhandled
    this.#worker.on('message', (answer: WorkerAnswer) => this.#answer(answer));
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(new Error(`The SQLite thread stopped (exit code ${code}).`)));
  }

  send(request: Outgoing): Promise<WorkerResult> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    const promise = new Promise<WorkerResult>((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    if (this.#pending.size === 1) this.#worker.ref();
    this.#worker.postMessage({ ...request, id });
    return promise;
  }

  async close(): Promise<void> {
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

  #fail(error: Error): void {
    this.#gone ??= error;
    for (const [id, waiting] of this.#pending) {
      this.#settled(id);
      waiting.reject(error);
    }
  }
}
