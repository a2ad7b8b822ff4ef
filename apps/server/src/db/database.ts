/**
 * One Kysely instance per dialect. Dialect differences are settled here and nowhere else:
 * PostgreSQL's int8 and numeric come back as numbers, timestamps as ISO-8601 UTC strings
 * (the form SQLite stores), so callers see the same values on both.
 */
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type KyselyConfig } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from './tables.ts';
import { POOL_DEFAULTS, createPostgresPool, type PoolStats } from './postgres-pool.ts';
import { WorkerSqliteDialect } from './sqlite-dialect.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** True when this start created the database file (embedded databases only). */
  isNewEmbedded: boolean;
  /** PostgreSQL schema when not the default. */
  schema?: string;
  /** The SQLite file (null in memory and on PostgreSQL). */
  sqliteFile: string | null;
  /** The PostgreSQL pool right now (null on SQLite: one connection, no pool). */
  poolStats: (() => PoolStats) | null;
  /** In-memory SQLite: the whole database as one image, which `sqliteImage` opens as a copy (else null). */
  serialize: (() => Promise<Uint8Array>) | null;
  close(): Promise<void>;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;

function pgTimestampToIso(text: string): string {
  // '2026-11-21 10:00:00.123+00' -> '2026-11-21T10:00:00.123Z'
  const normalized = text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return new Date(normalized).toISOString();
}

let pgTypesSet = false;
function setPgTypeParsers(): void {
  if (pgTypesSet) return;
  pg.types.setTypeParser(PG_INT8, (v) => Number(v));
  pg.types.setTypeParser(PG_NUMERIC, (v) => Number(v));
  pg.types.setTypeParser(PG_TIMESTAMPTZ, pgTimestampToIso);
  pg.types.setTypeParser(PG_TIMESTAMP, (v) => pgTimestampToIso(`${v}+00`));
  pgTypesSet = true;
}

export interface DatabaseOptions {
  /** PostgreSQL schema the tables live in, when not the default one (tests use one each). */
  pgSchema?: string;
  /** PostgreSQL pool settings (config.dbPool); the defaults suit tests and tools. */
  pool?: Partial<Config['dbPool']>;
  /** Shown in pg_stat_activity, so an operator can tell our connections apart. */
  applicationName?: string;
  /** Kysely's query log: every query with its duration (metrics). */
  log?: KyselyConfig['log'];
  /** Told when PostgreSQL drops a connection (default: a warning on the console). */
  onConnectionLost?: (error: Error) => void;
  /** Query-only SQLite reader threads beside the writer (SQLITE_READERS; file databases only). */
  sqliteReaders?: number;
  /** An in-memory SQLite database starts as a copy of this image (`Db.serialize`). */
  sqliteImage?: Uint8Array;
}

export const SQLITE_READERS_DEFAULT = 3;

/**
 * Creates (when missing) and checks the SQLite file here, on the calling thread, before the
 * query threads open it: a missing folder or a read-only file fails the start at once, with
 * better-sqlite3's own error code (ops/start-failure.ts explains it in one line).
 */
function prepareSqliteFile(path: string): { isNew: boolean } {
  mkdirSync(dirname(path), { recursive: true });
  const file = new SQLite(path);
  try {
    const isNew =
      (
        file.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as {
          n: number;
        }
      ).n === 0;
    file.pragma('journal_mode = WAL');
    // SQLite opens a file it may not write read-only without a word; write once now (the
    // version, unchanged) so that fails at start, not at the first sign-in.
    file.pragma(`user_version = ${Number(file.pragma('user_version', { simple: true }))}`);
    return { isNew };
  } finally {
    file.close();
  }
}

export function openDatabase(url: string, options: DatabaseOptions = {}): Db {
  const log = options.log ? { log: options.log } : {};
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    const memory = path === ':memory:' || path === '';
    const isNewEmbedded = memory || prepareSqliteFile(path).isNew;
    // Queries run on SQLite threads, never on this one (db/sqlite-dialect.ts).
    const dialect = new WorkerSqliteDialect({
      path: memory ? ':memory:' : path,
      readers: options.sqliteReaders ?? SQLITE_READERS_DEFAULT,
      ...(memory && options.sqliteImage ? { image: options.sqliteImage } : {}),
    });
    const kysely = new Kysely<Database>({ dialect, ...log });
    return {
      kysely,
      dialect: 'sqlite',
      isNewEmbedded,
      sqliteFile: memory ? null : path,
      poolStats: null,
      serialize: memory ? () => dialect.serialize() : null,
      close: () => kysely.destroy(),
    };
  }
  setPgTypeParsers();
  const searchPath = options.pgSchema ? ` -c search_path=${options.pgSchema}` : '';
  const { pool, stats } = createPostgresPool(url, {
    settings: { ...POOL_DEFAULTS, ...options.pool },
    startupOptions: `-c TimeZone=UTC${searchPath}`,
    applicationName: options.applicationName ?? 'tagih',
    onConnectionLost:
      options.onConnectionLost ??
      ((error) =>
        console.warn(
          `PostgreSQL connection lost (${error.message}); reconnecting on the next query.`,
        )),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...log });
  return {
    kysely,
    dialect: 'postgres',
    isNewEmbedded: false,
    ...(options.pgSchema ? { schema: options.pgSchema } : {}),
    sqliteFile: null,
    poolStats: stats,
    serialize: null,
    close: () => kysely.destroy(),
  };
}
