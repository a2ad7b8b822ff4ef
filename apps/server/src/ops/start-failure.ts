/**
 * A start that fails says so in ONE line: which setting, what it points at (never a password)
 * and the fix; exit code 1. The stack only with LOG_LEVEL=debug (or trace). Plain text for a
 * person at a terminal, a JSON line otherwise, like every other line the server writes.
 */
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { createLogger } from './logger.ts';

/** The error and its causes (migrate.ts wraps the driver's error; connect errors may be aggregated). */
function* chain(error: unknown): Generator<Error & { code?: string; port?: number }> {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    yield e;
    if (e instanceof AggregateError)
      for (const inner of e.errors) if (inner instanceof Error) yield inner;
  }
}

const codeOf = (error: unknown): string => {
  for (const e of chain(error)) if (typeof e.code === 'string') return e.code;
  return '';
};
const innermost = (error: unknown): string => [...chain(error)].at(-1)?.message ?? String(error);

function postgresTarget(url: string): {
  host: string;
  port: string;
  database: string;
  user: string;
} {
  const u = new URL(url);
  const user = decodeURIComponent(u.username) || 'postgres';
  return {
    host: u.hostname || 'localhost',
    port: u.port || '5432',
    database: decodeURIComponent(u.pathname.slice(1)) || user,
    user,
  };
}

function explainPostgres(error: unknown, config: Config): string | null {
  const { host, port, database, user } = postgresTarget(config.databaseUrl);
  const at = `${host}:${port}/${database}`;
  const code = codeOf(error);
  const said = innermost(error);
  if (code === '3D000')
    return `DATABASE_URL: PostgreSQL at ${host}:${port} has no database "${database}". Fix: create it (createdb -h ${host} -p ${port} -U ${user} ${database}) or correct the database name in DATABASE_URL.`;
  if (code === 'ECONNREFUSED')
    return `DATABASE_URL: nothing accepts connections at ${host}:${port} (database "${database}"). Fix: start PostgreSQL there, or correct the host and port in DATABASE_URL.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `DATABASE_URL: the host "${host}" cannot be resolved (database ${at}). Fix: correct the host in DATABASE_URL.`;
  if (code === '28P01' || code === '28000')
    return `DATABASE_URL: PostgreSQL at ${at} refused user "${user}" (${said}). Fix: correct the user and password in DATABASE_URL, or allow the user in pg_hba.conf.`;
  if (code === '42501')
    return `DATABASE_URL: user "${user}" may not create the tables in ${at} (${said}). Fix: grant the user CREATE on the database (or its schema), or use the database owner.`;
  if (['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code) || /timeout/i.test(said)) {
    return `DATABASE_URL: PostgreSQL at ${at} did not answer within ${config.dbPool.acquireTimeoutMs} ms (${said}). Fix: check the host, port and firewall, or raise DB_ACQUIRE_TIMEOUT_MS.`;
  }
  if (code === '57P03')
    return `DATABASE_URL: PostgreSQL at ${at} is starting up or shutting down (${said}). Fix: start again once it accepts connections.`;
  return null;
}

function explainSqlite(error: unknown, config: Config): string | null {
  const file = resolve(config.databaseUrl.slice('sqlite:'.length));
  const code = codeOf(error);
  const said = innermost(error);
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS') {
    return `DATABASE_URL: the SQLite file ${file} is read-only (${said}). Fix: let the server's user write the file and its folder (SQLite writes ${file}-wal and -shm beside it), or point DATABASE_URL at a writable path.`;
  }
  if (
    code.startsWith('SQLITE_CANTOPEN') ||
    ['ENOENT', 'ENOTDIR', 'EEXIST', 'EACCES', 'EPERM'].includes(code)
  ) {
    return `DATABASE_URL: cannot create or open the SQLite file ${file} (${said}). Fix: make its folder exist and be writable by the server's user, or point DATABASE_URL at a writable path.`;
  }
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
    return `DATABASE_URL: ${file} is not a usable SQLite database (${said}). Fix: point DATABASE_URL at the right file, or restore one from a backup (npm run restore).`;
  }
  return null;
}

/** One line for a failed start, or null for an error nobody anticipated (then its message is shown). */
export function explainStartFailure(error: unknown, config: Config | null): string | null {
  if (error instanceof ConfigError) return error.message.replace(/\n\s*/g, ' ');
  if (!config) return null;
  if (codeOf(error) === 'EADDRINUSE')
    return `PORT: ${config.host}:${config.port} is already in use. Fix: stop what listens there, or set PORT (and HOST) to a free address.`;
  try {
    return config.databaseUrl.startsWith('sqlite:')
      ? explainSqlite(error, config)
      : explainPostgres(error, config);
  } catch {
    return null; // a DATABASE_URL URL cannot parse: the plain message says more
  }
}

function configOrNull(): Config | null {
  try {
    return loadConfig();
  } catch {
    return null;
  }
}

/** Writes the one line (and the stack at debug level) and exits with 1. */
export function failStart(error: unknown, log?: Logger): never {
  const config = configOrNull();
  const level = config?.logLevel ?? 'info';
  const debug = level === 'debug' || level === 'trace';
  const message =
    explainStartFailure(error, config) ??
    `Tagih could not start: ${(error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ')}`;
  if (process.stderr.isTTY) {
    process.stderr.write(
      `${message}\n${debug && error instanceof Error ? `${error.stack}\n` : ''}`,
    );
  } else {
    (log ?? createLogger(level)).fatal(debug ? { err: error } : {}, message);
  }
  process.exit(1);
}

/** Anything that escapes every handler is logged as one JSON line before the process ends. */
export function logCrashes(log: Logger): void {
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, `Tagih stopped: ${error.message}`);
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    log.fatal(
      { err: reason },
      `Tagih stopped: ${reason instanceof Error ? reason.message : String(reason)}`,
    );
    process.exit(1);
  });
}
