/**
 * Order-id text search through the trigram indexes of migration 0012.
 *
 * PostgreSQL needs nothing here: its GIN index on `lower("trctOrderId")` serves the list's own
 * `lower(...) like '%…%'`. SQLite cannot use an index for that LIKE, so for each text filter on
 * the order id (contains, starts with, ends with, or a search over the order id alone) the query
 * is narrowed to the ids the FTS5 trigram table finds for the same text. The LIKE itself is kept,
 * so the rows are exactly the old search's rows: the trigram match only has to find every row the
 * LIKE would (it folds case at least as widely as the LIKE and matches any substring of three or
 * more characters). Shorter texts have no trigram: they are left to the LIKE alone. With
 * candidates, the rows are looked up by id (kind-rows-repo.ts, `rowids`): left to itself, SQLite's
 * planner scans the company's rows and checks each against the candidate list.
 */
import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import type { ListQuery } from '@tagih/contract';
import type { DbOrTx } from '../../db/tables.ts';

const ORDER_FIELD = 'trctOrderId';
const TEXT_OPS = new Set(['contain', 'start_with', 'end_with']);

/** The texts the order id must contain (as the LIKE lowers them), of three characters or more. */
export function orderIdNeedles(query: ListQuery): string[] {
  const texts = query.filters.filter((f) => f.field === ORDER_FIELD && TEXT_OPS.has(f.op)).map((f) => String(f.value));
  if (query.search && query.search.fields.length === 1 && query.search.fields[0] === ORDER_FIELD) texts.push(query.search.text);
  return texts.map((t) => t.toLowerCase()).filter((t) => [...t].length >= 3);
}

/** An FTS5 query for the text as one phrase: trigram phrases match any substring. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * Conditions on `t.trctId` narrowing the rows to the trigram table's candidates (SQLite only;
 * none on PostgreSQL or when no needle is long enough).
 */
export function orderIdCandidates(db: DbOrTx, query: ListQuery): Expression<SqlBool>[] {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return [];
  return orderIdNeedles(query).map(
    (text) => sql<SqlBool>`${sql.ref('t.trctId')} in (select rowid from transactions_order_search where transactions_order_search match ${phrase(text)})`,
  );
}
