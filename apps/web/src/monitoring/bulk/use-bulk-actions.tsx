import type { RowId } from '../../components/table-column.ts';
import type { BulkSource, TransactionAction } from '@tagih/contract';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useRunningBulkJobs } from '../../api/bulk-actions.ts';
import type { TableSelection } from '../../components/data-table.tsx';
import type { BulkRequestTarget } from './bulk-action-dialog.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { RunningJobBanner } from './running-job-banner.tsx';
import { useBulkSelection } from './use-bulk-selection.ts';

// Loaded when first opened: the list screens' first load does not carry it (its size budget, bench/README.md).
const BulkActionDialog = lazy(async () => ({
  default: (await import('./bulk-action-dialog.tsx')).BulkActionDialog,
}));

export interface UseBulkActionsInput {
  source: BulkSource;
  /** The actions this screen offers (empty, or the user may not act: no checkboxes at all). */
  actions: readonly TransactionAction[];
  /** The list's query without page and sort: a change starts the selection over. */
  scope: string;
  /** The list's query for every page (its export query), sent for "all that match"; null while incomplete. */
  query: Record<string, string> | null;
  /** Rows the list matches, and the ids on this page. */
  total: number;
  /** More rows match than `total` (the server stopped counting: pagination.totalCapped). */
  totalCapped?: boolean;
  pageIds: readonly number[];
  /** The list to reload when a job ends. */
  reloadPath: string;
}

/**
 * Bulk actions on a monitoring list: checkboxes for the table, the bar above it, the
 * banner of a job still running, and the preview/progress dialog. The screen places `bar` above
 * its table, passes `tableSelection` to DataTable and renders `dialog`.
 */
export function useBulkActions({
  source,
  actions,
  scope,
  query,
  total,
  totalCapped = false,
  pageIds,
  reloadPath,
}: UseBulkActionsInput) {
  const enabled = actions.length > 0;
  const selection = useBulkSelection(scope);
  const running = useRunningBulkJobs(source, enabled);
  const [opened, setOpened] = useState<{
    key: number;
    target: BulkRequestTarget | null;
    jobId: number | null;
  } | null>(null);
  const open = (target: BulkRequestTarget | null, jobId: number | null) =>
    setOpened({ key: Date.now(), target, jobId });

  const tableSelection = useMemo<TableSelection | undefined>(
    () =>
      enabled
        ? {
            ids: selection.ids,
            all: selection.all,
            onChange: (ids: RowId[]) => selection.setIds(ids.map(Number)),
          }
        : undefined,
    [enabled, selection],
  );
  const pageAllPicked = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const runningJob = running.data?.[0];

  const bar = enabled ? (
    <>
      {runningJob && !opened && (
        <RunningJobBanner job={runningJob} onShow={() => open(null, runningJob.jobId)} />
      )}
      {!selection.isEmpty && (
        <BulkBar
          pickedCount={selection.pickedCount}
          total={total}
          totalCapped={totalCapped}
          canSelectAll={
            !selection.all && pageAllPicked && total > selection.ids.size && query !== null
          }
          actions={actions}
          onAction={(action) =>
            open({ action, source, selection: selection.toRequest(query ?? {}) }, null)
          }
          onSelectAll={selection.selectAll}
          onClear={selection.clear}
        />
      )}
    </>
  ) : null;

  const dialog = opened ? (
    <Suspense fallback={null}>
      <BulkActionDialog
        key={opened.key}
        target={opened.target}
        jobId={opened.jobId}
        reloadPaths={[reloadPath]}
        onStarted={selection.clear}
        onClose={() => setOpened(null)}
      />
    </Suspense>
  ) : null;

  return { tableSelection, bar, dialog };
}
