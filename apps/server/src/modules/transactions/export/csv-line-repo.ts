/**
 * The CSV export's line as one SQL text value, so that the database formats the rows (the COPY
 * of csv-copy.ts, the batches of csv-sqlite.ts) instead of JavaScript formatting each row.
 *
 * Every cell comes out exactly as csv-export.ts's row-by-row `cell` + csvCell write it (the
 * tests compare both byte for byte): status and notification words, money as plainMinor, dates
 * in the business time zone, text quoted with `""` and neutralised with a leading `'` when a
 * spreadsheet would read it as a formula. The words come from the contract and are quoted here,
 * in JavaScript, once; only what depends on the row is SQL. Every value is bound (or, for COPY,
 * inlined as a literal by db/postgres-copy.ts), never spliced.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';
import {
  MONEY_FIELDS,
  NOTIFICATION_STATUS,
  TRANSACTION_STATUS,
  csvCell,
  type FieldDef,
} from '@tagih/contract';
import type { Dialect } from '../../../db/database.ts';
import type { ServerKind } from '../kinds.ts';

/** How the database writes an instant in the business time zone as 'YYYY-MM-DD HH:MM:SS'. */
export type DateSql = (value: Expression<unknown>) => RawBuilder<string | null>;

/** The SQL of one database: its dialect (a few functions differ) and how it writes a date. */
export interface LineSql {
  dialect: Dialect;
  date: DateSql;
}

/**
 * PostgreSQL: the zone by name (its own time zone data). The local time's text cut to the second
 * ('2026-11-20 23:30:00', fractions dropped as the JavaScript formatter drops them) costs less
 * per row than to_char; it needs DateStyle ISO, which db/postgres-copy.ts sets for the COPY's transaction.
 */
export const postgresLine = (timeZone: string): LineSql => ({
  dialect: 'postgres',
  date: (value) => sql<string | null>`left(cast(${value} at time zone ${timeZone} as text), 19)`,
});

/** SQLite: a zone whose offset from UTC never changes (business-time.ts fixedOffsetMinutes), as that offset. */
export const sqliteLine = (offsetMinutes: number): LineSql => ({
  dialect: 'sqlite',
  date: (value) =>
    sql<
      string | null
    >`strftime('%Y-%m-%d %H:%M:%S', ${value}, ${`${offsetMinutes >= 0 ? '+' : ''}${offsetMinutes} minutes`})`,
});

/**
 * A cell is written as a list of pieces that the line concatenates in one `concat(...)` call
 * (NULL pieces count as empty on both databases): one allocation per row instead of one per `||`.
 * A string piece is text known before any row is read; an expression piece is read per row.
 */
type Piece = string | RawBuilder<unknown>;

/** What csvCell puts between the quotes of a word known in advance (neutralised, quotes doubled). */
const inner = (word: string) => csvCell(word).slice(1, -1);

/** Code points that make a spreadsheet read a cell as a formula (csvCell's rule): = + - @ tab CR LF. */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r', '\n'].map((c) => c.codePointAt(0)!);

/**
 * csvCell's inside of a text value (NULL -> empty): a leading ' when it starts like a formula,
 * quotes doubled. The first character is read as a number (PostgreSQL `ascii`, SQLite `unicode`:
 * its code point; NULL for NULL), which costs less per row than cutting it out as a string.
 */
function textPieces(dialect: Dialect, value: Expression<unknown>): Piece[] {
  const first = dialect === 'postgres' ? sql`ascii(${value})` : sql`unicode(${value})`;
  return [
    sql`case when ${first} in (${sql.join(FORMULA_STARTS.map((c) => sql.lit(c)))}) then ${"'"} end`,
    sql`replace(${value}, '"', '""')`,
  ];
}

/** plainMinor(v): '150000.00', a negative amount neutralised ("'-0.05"), NULL -> empty. */
function moneyPieces(value: Expression<unknown>): Piece[] {
  const minor = sql`cast(${value} as bigint)`;
  const abs = sql`abs(${minor})`;
  return [
    sql`case when ${minor} < 0 then ${"'-"} end`,
    sql`${abs} / 100`,
    sql`case when ${minor} is not null then '.' end`,
    sql`case when ${abs} % 100 < 10 then '0' end`,
    sql`${abs} % 100`,
  ];
}

/** The status word (Belum Lunas, Lunas, Kadaluarsa), or the stored code when it is none of them. */
function statusPieces(dialect: Dialect, value: Expression<unknown>): Piece[] {
  const words = Object.entries(TRANSACTION_STATUS).map(
    ([code, s]) => sql`when ${code} then ${inner(s.label)}`,
  );
  return [
    sql`case ${value} ${sql.join(words, sql` `)} else ${concat(textPieces(dialect, value))} end`,
  ];
}

/** Pending / Sukses, or the kind's word for a transaction without a notification. */
function notificationPieces(kind: ServerKind, value: Expression<unknown>): Piece[] {
  const words = Object.entries(NOTIFICATION_STATUS).map(
    ([status, word]) => sql`when ${sql.lit(Number(status))} then ${inner(word)}`,
  );
  return [sql`case ${value} ${sql.join(words, sql` `)} else ${inner(kind.csvNoNotification)} end`];
}

function cellPieces(
  line: LineSql,
  kind: ServerKind,
  field: FieldDef,
  rowNumber: Expression<unknown> | null,
): Piece[] {
  const { dialect } = line;
  if (field.name === 'no') {
    if (!rowNumber) throw new Error('the No. column needs the row number');
    return [sql`${rowNumber}`];
  }
  if (field.name === 'notification') return notificationPieces(kind, sql.ref('notiStatus'));
  const value = sql.ref(field.name);
  if (field.name === 'trctStatus') return statusPieces(dialect, value);
  if (MONEY_FIELDS.has(field.name)) return moneyPieces(value);
  if (field.type === 'date') return [line.date(value)];
  if (field.type === 'string') return textPieces(dialect, value);
  // A number other than money would need JavaScript's number-to-text rules; no CSV column is one.
  throw new Error(`no SQL CSV cell for ${field.name} (${field.type})`);
}

/** PostgreSQL takes at most 100 arguments per call. */
const MAX_ARGUMENTS = 90;

/** One concat() of the pieces, adjacent strings merged. */
function concat(pieces: readonly Piece[]): RawBuilder<string> {
  const merged: Piece[] = [];
  for (const piece of pieces) {
    const last = merged[merged.length - 1];
    if (typeof piece === 'string' && typeof last === 'string')
      merged[merged.length - 1] = last + piece;
    else merged.push(piece);
  }
  if (merged.length > MAX_ARGUMENTS) {
    const half = Math.ceil(merged.length / 2);
    return concat([concat(merged.slice(0, half)), concat(merged.slice(half))]);
  }
  return sql<string>`concat(${sql.join(merged.map((piece) => (typeof piece === 'string' ? sql`${piece}` : piece)))})`;
}

/**
 * The whole CSV record of a row of the derived table (kind-rows-repo.ts), CRLF included.
 * `rowNumber`: the No. column's value (QRIS), counted in the export's order.
 */
export function csvLineSql(
  line: LineSql,
  kind: ServerKind,
  columns: readonly FieldDef[],
  rowNumber: Expression<unknown> | null,
): RawBuilder<string> {
  const pieces: Piece[] = [];
  columns.forEach((field, i) =>
    pieces.push(i === 0 ? '"' : '","', ...cellPieces(line, kind, field, rowNumber)),
  );
  pieces.push('"\r\n');
  return concat(pieces);
}
