/**
 * Errors that mean "the database cannot answer right now", not "this request is wrong": a
 * dropped or refused connection, PostgreSQL shutting down or starting up, no free connection in
 * DB_ACQUIRE_TIMEOUT_MS, a statement over DB_STATEMENT_TIMEOUT_MS, SQLite busy or its thread gone. The error
 * handler answers them 503 (try again) instead of 500; the pool reconnects by itself.
 */
import { AppError } from '../shared/errors.ts';
import { THREAD_STOPPED } from './sqlite-thread.ts';

export const UNAVAILABLE_MESSAGES = {
  unreachable: 'The database is not reachable right now; please try again in a moment.',
  noConnection: 'The database is busy (no free connection in time); please try again in a moment.',
  tooSlow: 'The database took too long to answer; please try again, or narrow the request.',
  busy: 'The database is busy; please try again in a moment.',
} as const;

export class DatabaseUnavailable extends AppError {
  constructor(message: string, cause: unknown) {
    super(503, message, { headers: { 'retry-after': '5' } });
    this.cause = cause;
    // Where it was wrapped says nothing; the log keeps the cause's stack.
    this.stack = `DatabaseUnavailable: ${message}`;
  }
}

// SQLSTATE 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up),
// 53300 too_many_connections; class 08 is "connection exception".
const PG_UNREACHABLE = new Set(['57P01', '57P02', '57P03', '53300']);
const PG_STATEMENT_TIMEOUT = '57014';
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
// pg and pg-pool say these in words only, without a code.
const PG_ACQUIRE_TIMEOUT = /timeout exceeded when trying to connect/;
const PG_CLIENT_TIMEOUT = /^Query read timeout/;
const PG_CONNECTION_GONE =
  /^Connection terminated|not queryable|Client was closed|Connection closed/;

const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};

/** The 503 for a database-availability error, or null when `error` is something else. */
export function asDatabaseUnavailable(error: unknown): DatabaseUnavailable | null {
  if (!(error instanceof Error) || error instanceof AppError) return null;
  const code = codeOf(error);
  if (code === PG_STATEMENT_TIMEOUT || PG_CLIENT_TIMEOUT.test(error.message))
    return new DatabaseUnavailable(UNAVAILABLE_MESSAGES.tooSlow, error);
  if (PG_ACQUIRE_TIMEOUT.test(error.message))
    return new DatabaseUnavailable(UNAVAILABLE_MESSAGES.noConnection, error);
  if (
    PG_UNREACHABLE.has(code) ||
    code.startsWith('08') ||
    NETWORK.has(code) ||
    PG_CONNECTION_GONE.test(error.message) ||
    code === THREAD_STOPPED
  ) {
    return new DatabaseUnavailable(UNAVAILABLE_MESSAGES.unreachable, error);
  }
  if (code.startsWith('SQLITE_BUSY'))
    return new DatabaseUnavailable(UNAVAILABLE_MESSAGES.busy, error);
  return null;
}
