import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FilterListIcon from '@mui/icons-material/FilterList';
import RefreshIcon from '@mui/icons-material/Refresh';
import Badge from '@mui/material/Badge';
import {
  API_PATHS,
  auditResource,
  dashboardRoute,
  MESSAGES,
  SEARCH_DEBOUNCE_MS,
  type AuditEventRow,
} from '@tagih/contract';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useExportAccessReview } from '../../api/export-access-review.ts';
import { useExportAuditEvents } from '../../api/export-audit-events.ts';
import { useList } from '../../api/get-list.ts';
import { DataTable } from '../../components/data-table.tsx';
import { notify } from '../../components/notify.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useFreshDialog } from '../../hooks/use-fresh-dialog.ts';
import { DebouncedSearchBox } from '../../components/debounced-search-box.tsx';
import { ScreenToolbar } from '../../components/screen-toolbar.tsx';
import { ToolbarButton } from '../../components/toolbar-button.tsx';
import { useIsMobile } from '../../hooks/use-is-mobile.ts';
import { DayRangeField } from '../../monitoring/day-range-field.tsx';
import { auditColumns } from './audit-columns.tsx';
import { AuditDetailDialog } from './audit-detail-dialog.tsx';
import { AuditFilterDialog } from './audit-filter-dialog.tsx';
import { isEmptyAuditFilter, useAuditListState } from './use-audit-list-state.ts';

const ROUTE = dashboardRoute('audit-log');
const TITLE = ROUTE?.title ?? 'Audit Log';

/**
 * Audit Log (Superadmin: audit_log.read): the trail newest first, searched by user, filtered by
 * date range (today by default), action, outcome and target; a row opens its detail. Export
 * downloads the filtered events, Access Review every user's access.
 */
export function AuditLogScreen() {
  const mobile = useIsMobile();
  const state = useAuditListState();
  const list = useList<AuditEventRow>(
    API_PATHS.audit.list,
    state.params ?? {},
    state.params !== null,
  );
  const events = useExportAuditEvents();
  const review = useExportAccessReview();
  const [detailOf, setDetailOf] = useState<AuditEventRow | null>(null);
  const filterDialog = useFreshDialog();
  const columns = useMemo(() => auditColumns(setDetailOf), []);

  const failed = (error: Error) =>
    notify.error(MESSAGES.exportFailed, errorMessage(error, MESSAGES.unknownError));
  const exportEvents = () => {
    if (state.exportParams) events.mutate(state.exportParams, { onError: failed });
  };

  return (
    <>
      <PageHeader title={mobile ? (ROUTE?.shortTitle ?? TITLE) : TITLE} crumb={TITLE} />
      <ScreenToolbar
        inputs={
          <>
            <DebouncedSearchBox
              key={state.searchBoxKey}
              value={state.searchText}
              onSearch={state.setSearchText}
              debounceMs={SEARCH_DEBOUNCE_MS.default}
              placeholder="Search User.."
              width={220}
            />
            <DayRangeField range={state.dates} />
          </>
        }
        buttons={
          <>
            <ToolbarButton
              label="Export"
              icon={<FileDownloadIcon />}
              onClick={exportEvents}
              disabled={events.isPending || state.exportParams === null}
            />
            <ToolbarButton
              label="Access Review"
              icon={<AssignmentIndIcon />}
              onClick={() => review.mutate(undefined, { onError: failed })}
              disabled={review.isPending}
            />
            <ToolbarButton
              label="Filter Data"
              icon={
                <Badge color="secondary" variant="dot" invisible={isEmptyAuditFilter(state.filter)}>
                  <FilterListIcon />
                </Badge>
              }
              onClick={filterDialog.show}
            />
            <ToolbarButton label="Refresh" icon={<RefreshIcon />} onClick={state.refresh} />
          </>
        }
      />
      <DataTable<AuditEventRow>
        label={TITLE}
        columns={columns}
        rows={list.data?.data ?? []}
        rowCount={list.data?.pagination.totalData ?? 0}
        getRowId={(row) => row.audtId}
        loading={list.isFetching}
        onRowClick={setDetailOf}
        defaultSort={auditResource.defaultOrder}
        {...state.tableProps}
      />
      <AuditFilterDialog
        key={filterDialog.key}
        open={filterDialog.open}
        value={state.filter}
        onApply={(filter) => {
          state.setFilter(filter);
          filterDialog.close();
        }}
        onClose={filterDialog.close}
      />
      <AuditDetailDialog event={detailOf} onClose={() => setDetailOf(null)} />
    </>
  );
}
