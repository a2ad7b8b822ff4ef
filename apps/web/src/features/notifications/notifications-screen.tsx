import FilterListIcon from '@mui/icons-material/FilterList';
import RefreshIcon from '@mui/icons-material/Refresh';
import { NOTIFICATIONS_AREA, can, notificationResource, type NotificationRow } from '@tagih/contract';
import { useMemo, useState } from 'react';
import { useList } from '../../api/get-list.ts';
import { useAccess } from '../../api/get-status.ts';
import { DataTable } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ScreenToolbar } from '../../components/screen-toolbar.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { ToolbarButton } from '../../components/toolbar-button.tsx';
import { DayRangeField } from '../../monitoring/day-range-field.tsx';
import { notificationColumns } from './notification-columns.tsx';
import { NotificationFilterDialog } from './notification-filter-dialog.tsx';
import { NotificationHistoryDialog } from './notification-history-dialog.tsx';
import { useNotificationListState } from './use-notification-list-state.ts';

/** Notifications (spec §2): search by order id, date range, status filter, history per row. */
export function NotificationsScreen() {
  const state = useNotificationListState();
  const list = useList<NotificationRow>(notificationResource.path, state.params ?? {}, state.params !== null);
  const { access } = useAccess();
  const canSeeHistory = can(access, NOTIFICATIONS_AREA, 'read');
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [filterOpenings, setFilterOpenings] = useState(0);
  const [filterOpen, setFilterOpen] = useState(false);
  const columns = useMemo(
    () => notificationColumns({ canSeeHistory, onSeeHistory: setHistoryOf }),
    [canSeeHistory],
  );

  return (
    <>
      <PageHeader title="Notifications" />
      <ScreenToolbar
        inputs={
          <>
            <SearchBox
              value={state.searchText}
              onChange={state.setSearchText}
              placeholder="Search Order ID Here"
            />
            <DayRangeField range={state.dates} />
          </>
        }
        buttons={
          <>
            <ToolbarButton
              label="Filter Data"
              icon={<FilterListIcon />}
              onClick={() => {
                setFilterOpenings((n) => n + 1);
                setFilterOpen(true);
              }}
            />
            <ToolbarButton
              label="Refresh"
              icon={<RefreshIcon />}
              onClick={() => {
                state.clearSearchAndFilter();
                void list.refetch();
              }}
            />
          </>
        }
      />
      <DataTable<NotificationRow>
        label="Notifications"
        columns={columns}
        rows={list.data?.data ?? []}
        rowCount={list.data?.pagination.totalData ?? 0}
        getRowId={(row) => row.notiId}
        loading={list.isFetching}
        {...state.tableProps}
      />
      <NotificationFilterDialog
        key={filterOpenings}
        open={filterOpen}
        value={state.status}
        onApply={(status) => {
          state.setStatus(status);
          setFilterOpen(false);
        }}
        onClose={() => setFilterOpen(false)}
      />
      <NotificationHistoryDialog notiId={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
