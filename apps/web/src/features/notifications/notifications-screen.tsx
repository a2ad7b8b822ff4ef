import FilterListIcon from '@mui/icons-material/FilterList';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  BULK_ACTIONS_OF,
  NOTIFICATIONS_AREA,
  SEARCH_DEBOUNCE_MS,
  TRANSACTION_KINDS,
  can,
  notificationResource,
  type NotificationRow,
} from '@tagih/contract';
import { useMemo, useState } from 'react';
import { useList } from '../../api/get-list.ts';
import { useAccess } from '../../api/get-status.ts';
import { DataTable } from '../../components/data-table.tsx';
import { NewRowsButton } from '../../components/new-rows-button.tsx';
import { DebouncedSearchBox } from '../../components/debounced-search-box.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useFreshDialog } from '../../hooks/use-fresh-dialog.ts';
import { ScreenToolbar } from '../../components/screen-toolbar.tsx';
import { ToolbarButton } from '../../components/toolbar-button.tsx';
import { EMPTY_CELL } from '../../components/empty-cell.ts';
import { useActionDialog } from '../../monitoring/actions/action-dialog.tsx';
import { DayRangeField } from '../../monitoring/day-range-field.tsx';
import { listQueryRecord, selectionScope } from '../../monitoring/bulk/list-query-record.ts';
import { useBulkActions } from '../../monitoring/bulk/use-bulk-actions.tsx';
import { PreferenceButtons, SavedViewsBar } from '../../monitoring/table-preferences.tsx';
import { WorkQueueToggle } from '../../monitoring/work-queue-toggle.tsx';
import { useChosenColumns } from '../../monitoring/use-preferences.ts';
import { useTableLayout } from '../../monitoring/use-table-layout.ts';
import { NOTIFICATION_PRIORITY, notificationColumns } from './notification-columns.tsx';
import { NotificationFilterDialog } from './notification-filter-dialog.tsx';
import { NotificationHistoryDialog } from './notification-history-dialog.tsx';
import { useNotificationListState } from './use-notification-list-state.ts';

const NO_ROWS: NotificationRow[] = [];
const kindOfRow = (row: NotificationRow) =>
  row.trctType === TRANSACTION_KINDS.qris.type ? TRANSACTION_KINDS.qris : TRANSACTION_KINDS.va;
const getNotificationId = (row: NotificationRow) => row.notiId;

/** Notifications (spec §2): search by order id, date range, status filter, history per row; each row's delivery and Kirim ulang. */
export function NotificationsScreen() {
  const state = useNotificationListState();
  const list = useList<NotificationRow>(
    notificationResource.path,
    state.params ?? {},
    state.params !== null,
  );
  const { access } = useAccess();
  const canSeeHistory = can(access, NOTIFICATIONS_AREA, 'read');
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const filterDialog = useFreshDialog();
  // Kirim ulang is the transaction's own Notif: its screen's read permission, its confirmation.
  const { ask: askResend, dialog: resendDialog } = useActionDialog(TRANSACTION_KINDS.va);
  const canResendVa = can(access, TRANSACTION_KINDS.va.area, 'read');
  const canResendQr = can(access, TRANSACTION_KINDS.qris.area, 'read');
  const { columns, actions } = useMemo(
    () =>
      notificationColumns({
        canSeeHistory,
        onSeeHistory: setHistoryOf,
        canResend: (row) => (kindOfRow(row) === TRANSACTION_KINDS.qris ? canResendQr : canResendVa),
        onResend: (row) =>
          askResend({
            action: 'resend',
            trctId: row.notiTrctId,
            orderId: row.notiOrderId ?? EMPTY_CELL,
            kind: kindOfRow(row),
          }),
      }),
    [canSeeHistory, canResendVa, canResendQr, askResend],
  );
  const chosen = useChosenColumns('notifications');
  const layout = useTableLayout({
    columns,
    actions,
    priority: NOTIFICATION_PRIORITY,
    chosen,
    checkboxes: canSeeHistory,
  });
  const rows = list.data?.data ?? NO_ROWS;
  const bulk = useBulkActions({
    source: 'notification',
    actions: canSeeHistory ? BULK_ACTIONS_OF.notification : [],
    scope: selectionScope(state.allPagesParams),
    query: useMemo(() => listQueryRecord(state.allPagesParams), [state.allPagesParams]),
    total: list.data?.pagination.totalData ?? 0,
    pageIds: useMemo(() => rows.map(getNotificationId), [rows]),
    reloadPath: notificationResource.path,
  });
  const choosable = useMemo(
    () => columns.map((c) => ({ field: c.field, label: c.headerName ?? c.field })),
    [columns],
  );

  return (
    <>
      <PageHeader title="Notifications" />
      <ScreenToolbar
        inputs={
          <>
            <DebouncedSearchBox
              key={state.searchBoxKey}
              value={state.searchText}
              onSearch={state.setSearchText}
              debounceMs={SEARCH_DEBOUNCE_MS.slow}
              placeholder="Search Order ID Here"
              width={280}
            />
            <DayRangeField range={state.dates} presets />
            <WorkQueueToggle on={state.attention} onChange={state.setAttention} />
          </>
        }
        buttons={
          <>
            <ToolbarButton
              label="Filter Data"
              icon={<FilterListIcon />}
              onClick={filterDialog.show}
            />
            <ToolbarButton label="Refresh" icon={<RefreshIcon />} onClick={state.refresh} />
            <PreferenceButtons screen="notifications" columns={choosable} query={state.urlQuery} />
          </>
        }
      />
      <SavedViewsBar screen="notifications" />
      {bulk.bar}
      <NewRowsButton
        count={state.live.newCount}
        noun={state.live.noun}
        onClick={state.live.loadNew}
      />
      <div ref={layout.ref}>
        <DataTable<NotificationRow>
          label="Notifications"
          columns={layout.shown}
          rows={rows}
          rowCount={list.data?.pagination.totalData ?? 0}
          getRowId={getNotificationId}
          loading={list.isFetching && !state.live.reloadingQuietly}
          selection={bulk.tableSelection}
          {...state.tableProps}
        />
      </div>
      {bulk.dialog}
      <NotificationFilterDialog
        key={filterDialog.key}
        open={filterDialog.open}
        value={state.status}
        onApply={(status) => {
          state.setStatus(status);
          filterDialog.close();
        }}
        onClose={filterDialog.close}
      />
      <NotificationHistoryDialog notiId={historyOf} onClose={() => setHistoryOf(null)} />
      {resendDialog}
    </>
  );
}
