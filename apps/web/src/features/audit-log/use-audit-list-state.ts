import { API_PATHS } from '@tagih/contract';
import { useMemo } from 'react';
import type { ExportParams, ListParams } from '../../api/get-list.ts';
import { useListController, type ListControllerConfig } from '../../hooks/use-list-controller.ts';

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

export const EMPTY_AUDIT_FILTER: AuditFilter = {
  action: '',
  outcome: '',
  targetType: '',
  targetId: '',
};

export const isEmptyAuditFilter = (f: AuditFilter) =>
  !f.action && !f.outcome && !f.targetType.trim() && !f.targetId.trim();

/** The Audit Log in the URL: the user search, the four filters, the days (today by default). */
export const AUDIT_URL_CONFIG: ListControllerConfig = {
  listPath: API_PATHS.audit.list,
  defaultFrom: 'today',
  searchBy: [],
  filterKeys: Object.keys(EMPTY_AUDIT_FILTER),
};

/**
 * The Audit Log query: the list controller's state (the user searched by username, the
 * filter, the business-day range — no fetch while it is incomplete — page, page size and
 * sort, newest first by default) turned into the list call and the export's query.
 */
export function useAuditListState() {
  const list = useListController(AUDIT_URL_CONFIG);
  const { q, page, pageSize, filters } = list.state;
  const { range } = list.dates;
  const { order, replaceFilters } = list;

  const derived = useMemo(() => {
    const filter: AuditFilter = { ...EMPTY_AUDIT_FILTER, ...filters };
    const finds: NonNullable<ListParams['finds']> = {
      audtActorUsername: q || undefined,
      audtAction: filter.action ? { op: 'equal', value: filter.action } : undefined,
      audtOutcome: filter.outcome ? { op: 'equal', value: filter.outcome } : undefined,
      audtTargetType: filter.targetType.trim() || undefined,
      audtTargetId: filter.targetId.trim() || undefined,
    };
    const extra = range ?? undefined;
    return {
      filter,
      params: range ? ({ page, max: pageSize, ...order, finds, extra } satisfies ListParams) : null,
      exportParams: range ? ({ ...order, finds, extra } satisfies ExportParams) : null,
    };
  }, [q, filters, range, order, page, pageSize]);

  return {
    ...list,
    searchText: q,
    filter: derived.filter,
    setFilter: (filter: AuditFilter) => replaceFilters({ ...filter }),
    /** The list call; null while the date range is incomplete. */
    params: derived.params,
    /** The export: the same filters and order, every page. */
    exportParams: derived.exportParams,
  };
}

export type AuditListState = ReturnType<typeof useAuditListState>;
