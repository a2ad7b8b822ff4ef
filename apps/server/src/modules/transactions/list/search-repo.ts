/**
 * Text search through the trigram indexes: the order id (migration 0012), the VA number and name
 * and the QRIS reference (migration 0014), one mechanism for the search-by choices of both screens.
 *
 * For each text filter on an indexed field (contains, starts with, ends with, or a search whose
 * fields are all indexed) the index is asked only for the end of the text (WINDOW), and the
 * list's own test of the whole text still decides, so the rows are exactly the old search's rows:
 * the index only has to find every row holding the whole text. Texts shorter than three
 * characters have no trigram: they are left to the list's test alone.
 *
 * SQLite cannot use an index for the list's `lower(...) like '%…%'`, so the query is narrowed to
 * the ids the FTS5 trigram table finds (it folds case at least as widely as the LIKE and matches
 * any substring of three or more characters). One search text's table leads the query
 * (kind-rows-repo.ts, a `SearchLead`): its matches are read newest first (an FTS5 rowid is the
 * trctId) and each row is looked up by id, so a page, or the newest N matches a capped count
 * needs, stops as soon as it has its rows: a common name costs as many look-ups as the count's cap
 * and the page's rows, not one per match (bench/README.md). Other search texts, and one whose
 * fields span two tables (a union of ids, which has no one order),
 * narrow the rows by id (`rowids`): left to itself, SQLite's planner scans the company's rows and
 * checks each against the candidate list.
 *
 * PostgreSQL's GIN indexes on `lower(...)` of each column would serve the list's LIKE as it is,
 * but they then read the posting lists of all the text's trigrams: for a full order id, whose
 * prefix every row shares, nearly the whole index (bench/README.md). So the query gets a LIKE on the
 * text's end (in parts, windowParts), which the index serves, and the list writes its test of the whole text without
 * LIKE (list-sql.ts, `textWithoutLike`: strpos, left, right), which the planner cannot add to
 * the same index scan.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { ListQuery } from '@tagih/contract';
import { loweredText, textContainsInOrder } from '../../../db/list-sql.ts';
import { isPostgres, type DbOrTx } from '../../../db/tables.ts';

/** The FTS5 trigram table (rowid = trctId) and its column for each indexed field. */
const TRIGRAM_FIELDS: Readonly<Record<string, { table: string; column: string }>> = {
  trctOrderId: { table: 'transactions_order_search', column: 'trctOrderId' },
  trvaVirtualAccountNo: { table: 'transaction_va_search', column: 'trvaVirtualAccountNo' },
  trvaVirtualAccountName: { table: 'transaction_va_search', column: 'trvaVirtualAccountName' },
  trqrReferenceNo: { table: 'transaction_qr_search', column: 'trqrReferenceNo' },
};
const TEXT_OPS = new Set(['contain', 'start_with', 'end_with']);

/**
 * A search text (lowered as the LIKE lowers it) that one of `fields` must contain: the `search`
 * over its `searchFields`, or a text filter (`finds[field]`: contains, starts or ends with).
 */
export interface SearchText {
  fields: string[];
  text: string;
}

const long = (text: string) => [...text].length >= 3;

/**
 * The texts the query needs found in indexed fields, of three characters or more: one per text
 * filter, and one for a search over indexed fields only (any of them may contain it).
 */
export function searchTexts(query: ListQuery): SearchText[] {
  const texts = query.filters
    .filter((f) => f.field in TRIGRAM_FIELDS && TEXT_OPS.has(f.op))
    .map((f) => ({ fields: [f.field], text: String(f.value).toLowerCase() }));
  const search = query.search;
  if (search && search.fields.length > 0 && search.fields.every((f) => f in TRIGRAM_FIELDS)) {
    texts.push({ fields: [...search.fields], text: search.text.toLowerCase() });
  }
  return texts.filter((t) => long(t.text));
}

/** The order-id search texts alone (migration 0012's behaviour). */
export function orderIdSearchTexts(query: ListQuery): string[] {
  return searchTexts(query)
    .filter((t) => t.fields.length === 1 && t.fields[0] === 'trctOrderId')
    .map((t) => t.text);
}

/**
 * How much of a long text the trigram index is asked for: its last characters. Any part of the
 * text finds a superset of the rows holding the whole of it (the list's test still decides), and
 * the end is where identifiers differ: a full VA number or order id starts with what every row of
 * the company shares (partner id, prefix), whose trigrams' lists are the longest to read (SQLite
 * reads a whole VA number's many times slower than its last 8 characters: bench/README.md).
 */
const WINDOW = 8;

/** The end of the text the index is asked for (all of a text of WINDOW characters or fewer). */
const windowOf = (text: string) => [...text].slice(-WINDOW).join('');

const trigramsOf = (chars: readonly string[]) =>
  chars.slice(2).map((_, i) => chars.slice(i, i + 3).join(''));

/**
 * PostgreSQL: the window cut into consecutive parts so that none holds a trigram of the text's
 * start (the part before the window), for a LIKE '%part%part%' that any row holding the window
 * matches. The start is what many rows share (a bank's prefix), and a trigram of it in the window
 * by chance makes the GIN index read a posting list of nearly every row: the VA number
 * 89003080138014252 (window 38014252, whose "801" every number of the form …080 1… holds) read
 * ten times the index pages '%380%14252%' reads (bench/README.md); a window without such a trigram
 * is one part. A part too short for a trigram still narrows nothing, but costs nothing.
 */
export function windowParts(text: string): string[] {
  const chars = [...text];
  const window = chars.slice(-WINDOW);
  const shared = new Set(trigramsOf(chars.slice(0, -WINDOW)));
  const parts: string[][] = [[]];
  for (const char of window) {
    const part = parts.at(-1)!;
    if (part.length >= 2 && shared.has(`${part.at(-2)}${part.at(-1)}${char}`)) parts.push([char]);
    else part.push(char);
  }
  return parts.map((part) => part.join(''));
}

/** An FTS5 query for (the end of) the text as one phrase in some columns: trigram phrases match any substring. */
const phrase = (columns: readonly string[], text: string) =>
  `{${columns.join(' ')}} : "${windowOf(text).replace(/"/g, '""')}"`;

/** The FTS5 tables holding the search text's fields, each with its columns among them. */
function tablesOf(search: SearchText): Map<string, string[]> {
  const byTable = new Map<string, string[]>();
  for (const field of search.fields) {
    const { table, column } = TRIGRAM_FIELDS[field]!;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  return byTable;
}

/** The ids whose indexed fields contain the search text (a union when the fields span tables). */
function candidateIds(search: SearchText) {
  return sql.join(
    [...tablesOf(search)].map(
      ([table, columns]) =>
        sql`select rowid from ${sql.table(table)} where ${sql.table(table)} match ${phrase(columns, search.text)}`,
    ),
    sql` union `,
  );
}

/** An FTS5 table and the MATCH text whose rows lead a SQLite query (kind-rows-repo.ts). */
export interface SearchLead {
  table: string;
  match: string;
}

/** How the search texts narrow a SQLite query: the one that leads it, and conditions on `t.trctId` for the rest. */
export interface SqliteSearch {
  lead: SearchLead | null;
  conditions: Expression<SqlBool>[];
}

/** The search text's one FTS5 table and MATCH text; null when its fields span two tables. */
function leadOf(search: SearchText): SearchLead | null {
  const tables = [...tablesOf(search)];
  if (tables.length !== 1) return null;
  const [table, columns] = tables[0]!;
  return { table, match: phrase(columns, search.text) };
}

/** SQLite only (no lead and no conditions on PostgreSQL, or when there is no search text). */
export function sqliteSearch(db: DbOrTx, texts: readonly SearchText[]): SqliteSearch {
  const searched = isPostgres(db) ? [] : texts;
  const leads = searched.map(leadOf);
  const leader = leads.findIndex((lead) => lead !== null);
  const conditions = searched
    .filter((_, i) => i !== leader)
    .map((search) => sql<SqlBool>`${sql.ref('t.trctId')} in (${candidateIds(search)})`);
  return { lead: leads[leader] ?? null, conditions };
}

/** What a list's filtered rows need on PostgreSQL so that the GIN indexes see only the search texts' ends. */
export interface TrigramWindows {
  /** Conditions on the list's fields (the derived table's columns): some field of each search text contains its end. */
  conditions: Expression<SqlBool>[];
  /** The fields whose own text tests list-sql writes without LIKE (`textWithoutLike`). */
  fields: Set<string>;
}

/**
 * PostgreSQL only (nothing on SQLite or when there is no search text). `loweredColumns`: the
 * fields' stored lowered twins (kind-rows-repo.ts), whose trigram indexes are on the twin itself.
 */
export function trigramWindows(
  db: DbOrTx,
  texts: readonly SearchText[],
  loweredColumns: Readonly<Record<string, string>>,
): TrigramWindows {
  const searched = isPostgres(db) ? texts : [];
  const window = (field: string, text: string) =>
    textContainsInOrder(loweredText(field, loweredColumns[field]), windowParts(text));
  return {
    conditions: searched.map(
      (t) =>
        sql<SqlBool>`(${sql.join(
          t.fields.map((f) => window(f, t.text)),
          sql` or `,
        )})`,
    ),
    fields: new Set(searched.flatMap((t) => t.fields)),
  };
}
