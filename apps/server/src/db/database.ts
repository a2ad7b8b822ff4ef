/**
 * One Kysely instance per dialect. Dialect differences are settled here and nowhere else:
 * PostgreSQL's int8 and numeric come back as numbers, timestamps as ISO-8601 UTC strings
 * (the form SQLite stores), so callers see the same values on both.
 */
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from './tables.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** True when this start created the database file (embedded databases only). */
  isNewEmbedded: boolean;
  /** PostgreSQL schema when not the default. */
  schema?: string;
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

export function openDatabase(url: string, options: { pgSchema?: string } = {}): Db {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    const memory = path === ':memory:' || path === '';
    if (!memory) mkdirSync(dirname(path), { recursive: true });
    const file = new SQLite(memory ? ':memory:' : path);
    const isNewEmbedded =
      memory || (file.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number }).n === 0;
    file.pragma('journal_mode = WAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    file.pragma('synchronous = NORMAL');
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
    return { kysely, dialect: 'sqlite', isNewEmbedded, close: () => kysely.destroy() };
  }
  setPgTypeParsers();
  const searchPath = options.pgSchema ? ` -c search_path=${options.pgSchema}` : '';
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c TimeZone=UTC${searchPath}` });
  // An idle connection the server drops (restart, failover, admin command) must not crash the
  // process: the pool discards that client and the next query opens a new one.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost (${error.message}); reconnecting on the next query.`));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, dialect: 'postgres', isNewEmbedded: false, ...(options.pgSchema ? { schema: options.pgSchema } : {}), close: () => kysely.destroy() };
}

/** Case-insensitive "contains" that behaves the same on both dialects. */
export const lowerText = (column: string) => sql<string>`lower(cast(${sql.ref(column)} as text))`;
