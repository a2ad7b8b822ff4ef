/**
 * Kysely on the embedded SQLite with every query run off the HTTP thread (docs/architecture.md,
 * "SQLite off the event loop"). One writer thread owns the read-write connection: every write,
 * every transaction (begin … commit on that same thread, one at a time, like Kysely's own
 * SQLite driver), raw SQL and ':memory:' databases. On a file database, a few query-only
 * reader threads (WAL: readers never wait for the writer) take the plain SELECTs issued
 * outside a transaction (sqlite-readers.ts: quick ones first, slow ones never on every reader);
 * each one starts a fresh snapshot, so it sees every write committed before it was sent.
 */
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { ReaderPool } from './sqlite-readers.ts';
import { SqliteThread } from './sqlite-thread.ts';
import type { WorkerResult } from './sqlite-protocol.ts';

export interface WorkerSqliteConfig {
  /** The file, or ':memory:'. */
  path: string;
  /** Query-only reader threads for a file database (0: the writer answers everything). */
  readers: number;
  /** ':memory:' only: start as a copy of this image (`WorkerSqliteDialect.serialize`). */
  image?: Uint8Array;
}

/** The writer is one connection: whoever holds it (a transaction, a write) holds it alone. */
class Mutex {
  #held: Promise<void> | null = null;
  #release: (() => void) | null = null;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  unlock(): void {
    const release = this.#release;
    this.#held = null;
    this.#release = null;
    release?.();
  }
}

const toQueryResult = (result: WorkerResult): QueryResult<never> => {
  if (result.changes === undefined) return { rows: result.rows as never[] };
  return {
    numAffectedRows: BigInt(result.changes),
    ...(result.lastInsertRowid !== undefined ? { insertId: BigInt(result.lastInsertRowid) } : {}),
    rows: [],
  };
};

class WorkerSqliteDriver implements Driver {
  readonly writerLock = new Mutex();
  writer!: SqliteThread;
  readers = new ReaderPool([]);
  #threads: SqliteThread[] = [];
  readonly #config: WorkerSqliteConfig;

  constructor(config: WorkerSqliteConfig) {
    this.#config = config;
  }

  async init(): Promise<void> {
    const { path, image } = this.#config;
    this.writer = new SqliteThread({ path, role: 'writer', ...(image ? { image } : {}) });
    await this.writer.ready; // the writer sets WAL before a reader opens the file
    const count = path === ':memory:' ? 0 : this.#config.readers;
    const readers = Array.from({ length: count }, () => new SqliteThread({ path, role: 'reader' }));
    try {
      await Promise.all(readers.map((reader) => reader.ready));
    } catch (error) {
      await Promise.all([this.writer.close(), ...readers.map((reader) => reader.close())]);
      throw error;
    }
    this.#threads = readers;
    this.readers = new ReaderPool(readers);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WorkerSqliteConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as WorkerSqliteConnection).holdWriter();
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as WorkerSqliteConnection).release();
  }

  /** The whole database as one image, taken between writes. */
  async serialize(): Promise<Uint8Array> {
    await this.writerLock.lock();
    try {
      return (await this.writer.send({ op: 'serialize' })).image!;
    } finally {
      this.writerLock.unlock();
    }
  }

  async destroy(): Promise<void> {
    await Promise.all([this.writer?.close(), ...this.#threads.map((reader) => reader.close())]);
  }
}

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A connection as Kysely sees it. It takes the writer at its first write, raw statement or
 * transaction and keeps it until Kysely releases it, so everything after that (a transaction's
 * reads included) runs on the writer and sees its own writes. Until then a plain SELECT goes
 * to a reader when there is one.
 */
class WorkerSqliteConnection implements DatabaseConnection {
  readonly #driver: WorkerSqliteDriver;
  #holdsWriter = false;

  constructor(driver: WorkerSqliteDriver) {
    this.#driver = driver;
  }

  async holdWriter(): Promise<void> {
    if (this.#holdsWriter) return;
    await this.#driver.writerLock.lock();
    this.#holdsWriter = true;
  }

  release(): void {
    if (!this.#holdsWriter) return;
    this.#holdsWriter = false;
    this.#driver.writerLock.unlock();
  }

  /** Whether this query may go to a reader: a plain SELECT, before this connection holds the writer. */
  #forReaders(query: CompiledQuery): boolean {
    return !this.#holdsWriter && this.#driver.readers.size > 0 && SelectQueryNode.is(query.query);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#forReaders(query))
      return toQueryResult(await this.#driver.readers.run(query.sql, query.parameters));
    await this.holdWriter();
    return toQueryResult(
      await this.#driver.writer.send({ op: 'query', sql: query.sql, parameters: query.parameters }),
    );
  }

  /** Rows in batches of `chunkSize`, each read only when the consumer asks for it. */
  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize = 1000,
  ): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query))
      throw new Error('Sqlite driver only supports streaming of select queries');
    // A reader iterating a stream can run nothing else: it is reserved until the stream ends.
    const reserved = this.#forReaders(query) ? this.#driver.readers.reserve() : null;
    if (!reserved) await this.holdWriter();
    const thread = reserved ?? this.#driver.writer;
    let streamId: number | undefined;
    let done = false;
    try {
      const opened = await thread.send({
        op: 'stream-open',
        sql: query.sql,
        parameters: query.parameters,
        batch: Math.max(1, chunkSize),
      });
      streamId = opened.streamId!;
      while (!done) {
        const batch = await thread.send({ op: 'stream-next', streamId });
        done = batch.done === true;
        if (batch.rows.length > 0) yield { rows: batch.rows as R[] };
      }
    } finally {
      if (streamId !== undefined && !done)
        await thread.send({ op: 'stream-close', streamId }).catch(() => {});
      if (reserved) this.#driver.readers.unreserve(reserved);
    }
  }
}

export class WorkerSqliteDialect implements Dialect {
  readonly #config: WorkerSqliteConfig;
  #driver: WorkerSqliteDriver | null = null;

  constructor(config: WorkerSqliteConfig) {
    this.#config = config;
  }

  createDriver(): Driver {
    this.#driver = new WorkerSqliteDriver(this.#config);
    return this.#driver;
  }

  /**
   * The database as one image, which `image` opens as a copy (tests start each context from a
   * migrated and seeded image instead of migrating and seeding again).
   */
  serialize(): Promise<Uint8Array> {
    if (!this.#driver) throw new Error('The database has not been opened yet.');
    return this.#driver.serialize();
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
