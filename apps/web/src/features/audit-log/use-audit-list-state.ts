import { SEARCH_DEBOUNCE_MS } from '@tagih/contract';
import { useState } from 'react';
import type { ListParams } from '../../api/get-list.ts';
import { useSearchText } from '../../hooks/use-search-text.ts';
import { useDatedList } from '../../monitoring/use-dated-list.ts';
import { useDayRange } from '../../monitoring/use-day-range.ts';

/** The Filter Data dialog's values; '' filters nothing. */
export interface AuditFilter {
  /** An action name (AUDIT_ACTION_NAMES), matched exactly. */
  action: string;
  /** success, failure or denied, matched exactly. */
  outcome: string;
  /** Free text, contained in the target type (user, company, transaction, …). */
  targetType: string;
  /** Free text, contained in the target id. */
  targetId: string;
}

export const EMPTY_AUDIT_FILTER: AuditFilter = { action: '', outcome: '', targetType: '', targetId: '' };

export const isEmptyAuditFilter = (f: AuditFilter) =>
  !f.action && !f.outcome && !f.targetType.trim() && !f.targetId.trim();

/**
 * The Audit Log query: the user searched by username (debounced; emptied applies at once),
 * the filter, the business-day range (today..today by default, like the transaction screens:
 * no fetch while it is incomplete), page, page size and sort (newest first by default).
 * Any change but paging goes back to page 1.
 */
export function useAuditListState() {
  const { searchText, setSearchText, search } = useSearchText(SEARCH_DEBOUNCE_MS.default);
  const [filter, setFilter] = useState<AuditFilter>(EMPTY_AUDIT_FILTER);
  const dates = useDayRange('today');

  const finds: NonNullable<ListParams['finds']> = {
    audtActorUsername: search || undefined,
    audtAction: filter.action ? { op: 'equal', value: filter.action } : undefined,
    audtOutcome: filter.outcome ? { op: 'equal', value: filter.outcome } : undefined,
    audtTargetType: filter.targetType.trim() || undefined,
    audtTargetId: filter.targetId.trim() || undefined,
  };
  const { paging, params, exportParams } = useDatedList(finds, dates);

  return {
    searchText,
    setSearchText,
    filter,
    setFilter,
    dates,
    ...paging,
    /** Refresh clears search and filters (spec §2). */
    clearSearchAndFilter: () => {
      setSearchText('');
      setFilter(EMPTY_AUDIT_FILTER);
    },
    /** The list call; null while the date range is incomplete. */
    params,
    /** The export: the same filters and order, every page. */
    exportParams,
  };
}

export type AuditListState = ReturnType<typeof useAuditListState>;
