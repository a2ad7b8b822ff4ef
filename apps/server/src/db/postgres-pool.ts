/**
 * The PostgreSQL connection pool, built to outlive PostgreSQL restarts, failovers and
 * pg_terminate_backend: every dropped connection is handled (never an unheard 'error' event,
 * which would kill the process), a connection that broke under a query is thrown away rather
 * than handed to the next query, and new connections open by themselves once PostgreSQL is back.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';

/** The pool's settings (config.ts reads them from DB_POOL_SIZE, DB_ACQUIRE_TIMEOUT_MS, ...). */
export interface PoolSettings {
  size: number;
  acquireTimeoutMs: number;
  statementTimeoutMs: number;
  parallelWorkers: number;
}

const CLIENT_TIMEOUT_MARGIN_MS = 5000;

// Set while leasePostgresClient acquires a connection: connect() hands the raw client over.
const leaseRequest = new AsyncLocalStorage<(client: pg.PoolClient, discard: () => void) => void>();

/**
 * parallelWorkers is each session's max_parallel_workers_per_gather. 0: a query runs on its own
 * backend. The screens' queries are short and many run at once, so workers only add their start
 * and the Gather's merging, which measured slower (bench/README.md, DB_PARALLEL_WORKERS).
 */
export const POOL_DEFAULTS: PoolSettings = {
  size: 10,
  acquireTimeoutMs: 5000,
  statementTimeoutMs: 30_000,
  parallelWorkers: 0,
};

export interface PoolStats {
  max: number;
  /** Open connections, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface PostgresPoolOptions {
  settings: PoolSettings;
  /** Extra startup options, e.g. `-c search_path=...`. */
  startupOptions: string;
  applicationName: string;
  onConnectionLost: (error: Error) => void;
}

/**
 * A query error that leaves the connection unusable: PostgreSQL ended the session (class 57P
 * "operator intervention": admin_shutdown, crash_shutdown, cannot_connect_now; class 08
 * "connection exception") or the error is not PostgreSQL's at all (socket closed or reset).
 * A statement timeout (57014) or an ordinary SQL error leaves the connection fine.
 */
function breaksConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const fromServer = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
  return !fromServer || /^(57P|08)/.test(code);
}

export function createPostgresPool(
  url: string,
  o: PostgresPoolOptions,
): { pool: PostgresPool; stats: () => PoolStats } {
  const pool = new pg.Pool({
    connectionString: url,
    max: o.settings.size,
    // A query waits this long for a free connection (or a new one to open), then fails with 503.
    connectionTimeoutMillis: o.settings.acquireTimeoutMs,
    // statement_timeout is PostgreSQL's; query_timeout is ours, for when no answer can come at
    // all (the host vanished mid-query): a few seconds later, the query fails instead of hanging.
    ...(o.settings.statementTimeoutMs > 0
      ? {
          statement_timeout: o.settings.statementTimeoutMs,
          query_timeout: o.settings.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
        }
      : {}),
    application_name: o.applicationName,
    // Notices a peer that vanished without closing (failover, network cut) instead of waiting forever.
    keepAlive: true,
    options: `${o.startupOptions} -c max_parallel_workers_per_gather=${o.settings.parallelWorkers}`,
  });
  // pg-pool listens for a client's 'error' only while it is idle; a connection dropped while a
  // query runs would emit it unheard. So every client gets a listener for its whole life.
  pool.on('connect', (client) => client.on('error', o.onConnectionLost));
  pool.on('error', () => {}); // an idle client's error, already reported by its own listener

  // When PostgreSQL ends a session it says so before closing the socket; the query fails first
  // and Kysely releases the client before pg has marked it dead, so pg-pool would keep it and
  // fail the next query too. Releasing it with an error makes the pool discard it.
  const wrapped: PostgresPool = {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken = false;
      leaseRequest.getStore()?.(client, () => {
        broken = true;
      });
      const query = async (text: string, values: readonly unknown[]) => {
        try {
          return await client.query(text, [...values]);
        } catch (error) {
          broken ||= breaksConnection(error);
          throw error;
        }
      };
      return {
        // Kysely calls only query(sql, parameters): no cursor is configured.
        query: query as unknown as PostgresPoolClient['query'],
        release: () => client.release(broken || undefined),
      };
    },
    end: () => pool.end(),
  };
  return {
    pool: wrapped,
    stats: () => ({
      max: o.settings.size,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

/** A pooled connection's own pg client, for what Kysely cannot do (a COPY stream). */
export interface PostgresLease {
  client: pg.PoolClient;
  /** Gives the connection back to the pool; `discard`: close it instead (its session state is unknown). */
  release(discard?: boolean): void;
}

/**
 * Takes a connection from the app's pool (so DB_POOL_SIZE and DB_ACQUIRE_TIMEOUT_MS apply, and a
 * busy pool fails the same way as any query) and hands out its pg client until `release`.
 */
export function leasePostgresClient<DB>(db: Kysely<DB>): Promise<PostgresLease> {
  return new Promise((resolve, reject) => {
    let raw: { client: pg.PoolClient; discard: () => void } | undefined;
    const capture = (client: pg.PoolClient, discard: () => void) => {
      raw ??= { client, discard };
    };
    // Kysely holds the connection while the callback runs: until release() is called.
    leaseRequest
      .run(capture, () =>
        db.connection().execute(
          () =>
            new Promise<void>((released) => {
              if (!raw)
                throw new Error('leasePostgresClient needs a database opened on PostgreSQL');
              const { client, discard } = raw;
              resolve({
                client,
                release: (drop = false) => {
                  if (drop) discard();
                  released();
                },
              });
            }),
        ),
      )
      .catch(reject);
  });
}
