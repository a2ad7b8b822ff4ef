/**
 * Find any id on any date (issue 35): a list request whose one search text is exactly an order
 * id, a VA number or a QRIS reference of the company's rows of that kind is answered on all dates,
 * with those rows only (read by their trctIds: primary-key look-ups), so "where is payment X"
 * needs no date. Anything else (a part of
 * an id, a name, no such id) keeps the range as asked.
 */
import type { Filter } from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import { exactIdRows } from './exact-id-repo.ts';
import type { TransactionListRequest } from './list-request.ts';

const TEXT_OPS: ReadonlySet<string> = new Set(['contain', 'equal', 'start_with', 'end_with']);

/** The request's one search text: the `search`, or a text filter on one of the kind's search-by fields. */
function searchedText(r: TransactionListRequest): { text: string; filter: Filter | null } | null {
  const searchBy = new Set(r.kind.searchBy.map((s) => s.field));
  const texts = r.query.filters.filter(
    (f) => searchBy.has(f.field) && TEXT_OPS.has(f.op) && typeof f.value === 'string',
  );
  const search = r.query.search;
  if (texts.length + (search ? 1 : 0) !== 1) return null;
  return search
    ? { text: search.text, filter: null }
    : { text: String(texts[0]!.value), filter: texts[0]! };
}

/** The request on all dates, for the id's rows only, when its search text is exactly an id; else the request as it is. */
export async function withExactIdOnAllDates(
  deps: AppDeps,
  r: TransactionListRequest,
): Promise<TransactionListRequest> {
  if (r.range.start === null && r.range.end === null) return r;
  const searched = searchedText(r);
  const text = searched?.text.trim() ?? '';
  if (!searched || text === '' || text.length > 64) return r;
  const ids = await exactIdRows(deps.db, r.kind.type, r.compId, text);
  if (ids === null) return r;
  return {
    ...r,
    query: {
      ...r.query,
      search: null,
      filters: r.query.filters.filter((f) => f !== searched.filter),
    },
    exactIds: ids,
    range: { start: null, end: null },
    days: { from: null, to: null },
    allDates: true,
  };
}
