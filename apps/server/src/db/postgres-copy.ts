/**
 * A query's lines at the database's own speed: one `COPY (<select>) TO STDOUT (FORMAT binary)` of
 * a query whose one column is a text, on a pooled connection, its output streamed to the caller
 * as the socket delivers it (postgres-copy-reader.ts says why binary and why from the socket).
 *
 * - Back-pressure: the rows are read only as fast as the caller takes them (CopyOut stops reading
 *   the socket while its chunks wait, and PostgreSQL then waits), so memory stays flat whatever
 *   the row count.
 * - Time limit: the pool's DB_STATEMENT_TIMEOUT_MS is for queries, and a COPY lasts as long as
 *   its consumer takes (a download on a slow link). The COPY runs in its own read-only
 *   transaction with `statement_timeout` set to the caller's limit (0: none), and pg's
 *   client-side read timeout likewise.
 * - A consumer that stops: the COPY is cancelled (pg_cancel_backend), what PostgreSQL had
 *   already sent is read and dropped until it confirms, the transaction is rolled back and the
 *   connection goes back to the pool ready for the next query; if any of that fails, the
 *   connection is closed instead (the pool opens a new one when needed).
 */
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { CopyOut, type LineBatch } from './postgres-copy-reader.ts';
import { leasePostgresClient, type PostgresLease } from './postgres-pool.ts';

/** pg's own read timeout sits this much above statement_timeout (as postgres-pool.ts does for queries). */
const CLIENT_TIMEOUT_MARGIN_MS = 5000;
/** How long a cancelled COPY may take to confirm before its connection is closed instead. */
const STOP_WAIT_MS = 5000;

/** COPYs stopped before their end (client gone, read failed): connection given back clean, or closed. */
export const copyStops = { clean: 0, closed: 0 };

/** A value as PostgreSQL reads an untyped bind parameter: a quoted literal (its type comes from where it is used). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    typeof value === 'boolean'
  ) {
    const text = String(value);
    // E'...' only when needed, as libpq's PQescapeLiteral does.
    return text.includes('\\')
      ? ` E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
      : `'${text.replace(/'/g, "''")}'`;
  }
  throw new Error(`no SQL literal for a ${typeof value} parameter`);
}

/**
 * The compiled query with its $n parameters written as literals: COPY takes no parameters.
 * Placeholders are replaced only outside quoted literals and identifiers.
 */
export function inlineParameters(query: CompiledQuery): string {
  const text = query.sql;
  let out = '';
  let at = 0;
  while (at < text.length) {
    const c = text[at]!;
    if (c === "'" || c === '"') {
      // A quoted literal or identifier: its quote doubled inside (standard_conforming_strings).
      let end = at + 1;
      for (;;) {
        end = text.indexOf(c, end);
        if (end === -1) throw new Error('unterminated quote in the COPY query');
        if (text[end + 1] === c) end += 2;
        else break;
      }
      out += text.slice(at, end + 1);
      at = end + 1;
    } else if (c === '$' && /\d/.test(text[at + 1] ?? '')) {
      let end = at + 1;
      while (/\d/.test(text[end] ?? '')) end += 1;
      const index = Number(text.slice(at + 1, end)) - 1;
      if (index >= query.parameters.length) throw new Error(`no parameter $${index + 1}`);
      out += literal(query.parameters[index]);
      at = end;
    } else {
      out += c;
      at += 1;
    }
  }
  return out;
}

/** `COPY (<select>) TO STDOUT` with the select's parameters inlined; `options` e.g. `FORMAT binary`. */
export const copyStatement = (select: CompiledQuery, options: string): string =>
  `COPY (${inlineParameters(select)}) TO STDOUT (${options})`;

const within = <T>(promise: Promise<T>, ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });

/**
 * Ends a COPY that did not run to its end (the client left, or a read failed) and gives its
 * connection back: clean when PostgreSQL confirms, closed when it does not.
 */
async function stopCopy<DB>(
  db: Kysely<DB>,
  lease: PostgresLease,
  pid: number,
  copy: CopyOut,
): Promise<void> {
  copy.drop();
  let clean = await within(copy.settled, 0);
  if (!clean) {
    // From another pooled connection: this one is busy receiving the COPY.
    await sql`select pg_cancel_backend(${pid})`.execute(db).catch(() => {});
    clean = await within(copy.settled, STOP_WAIT_MS);
  }
  if (clean && (await within(lease.client.query('rollback'), STOP_WAIT_MS))) {
    copyStops.clean += 1;
    lease.release();
  } else {
    copyStops.closed += 1;
    lease.release(true);
  }
}

/**
 * The COPY's lines (the select's one text column per row, no separator added), in the chunks
 * PostgreSQL's socket delivers them. `statementTimeoutMs`: the COPY's time limit (0: none).
 * Nothing is read before the COPY has started: a busy pool or a failing query throws at the
 * first next(). Dates written as text come out in DateStyle ISO, whatever the server's default.
 */
export async function* copyLines<DB>(
  db: Kysely<DB>,
  select: CompiledQuery,
  statementTimeoutMs: number,
): AsyncGenerator<LineBatch> {
  const statement = copyStatement(select, 'FORMAT binary');
  const lease = await leasePostgresClient(db);
  const client = lease.client;
  let copy: CopyOut | null = null;
  let pid = 0;
  let done = false;
  try {
    await client.query(
      `begin read only; set local statement_timeout = ${statementTimeoutMs}; set local datestyle = 'ISO, YMD'`,
    );
    pid = Number(
      (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid,
    );
    // pg's read timeout applies to a COPY as to any query; without this it would be the pool's.
    copy = client.query(
      new CopyOut(
        statement,
        statementTimeoutMs > 0 ? statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS : undefined,
      ),
    );
    // A consumer that stops leaves the COPY to stopCopy, which drains it.
    yield* copy.batches();
    await client.query('commit');
    done = true;
  } finally {
    if (done) lease.release();
    else if (copy) await stopCopy(db, lease, pid, copy);
    else lease.release(true);
    // pg's read timeout is cleared by the query's callback: CopyOut calls it once PostgreSQL ends the COPY, not when it never confirms.
    copy?.callback?.();
  }
}
