import FileDownloadIcon from '@mui/icons-material/FileDownload';
import RefreshIcon from '@mui/icons-material/Refresh';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  API_PATHS,
  MESSAGES,
  RECON_CATEGORY_LABEL,
  RECON_CATEGORY_ORDER,
  RECON_STATUS_LABEL,
  SEARCH_DEBOUNCE_MS,
  can,
  reconBreakUrl,
  type BreakCounts,
  type BreakRow,
} from '@tagih/contract';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useAccess } from '../../api/get-status.ts';
import { useList } from '../../api/get-list.ts';
import { useBreakCounts, useExportBreaks } from '../../api/recon.ts';
import { DataTable, type TableSelection } from '../../components/data-table.tsx';
import { DebouncedSearchBox } from '../../components/debounced-search-box.tsx';
import { notify } from '../../components/notify.tsx';
import { ScreenToolbar } from '../../components/screen-toolbar.tsx';
import { ToolbarButton } from '../../components/toolbar-button.tsx';
import { listQueryRecord, selectionScope } from '../../monitoring/bulk/list-query-record.ts';
import { useBulkSelection } from '../../monitoring/bulk/use-bulk-selection.ts';
import { DayRangeField } from '../../monitoring/day-range-field.tsx';
import { BREAK_PRIORITY, breakActionsColumn, breakColumns } from './break-columns.tsx';
import { useTableLayout } from '../../monitoring/use-table-layout.ts';
import {
  BreakBulkBar,
  BulkResolveDialog,
  type BulkResolveAction,
  type BulkResolveDialogProps,
} from './bulk-resolve.tsx';
import { categoryColor } from './recon-chips.tsx';
import { ALL_STATUSES, useBreakListState, type BreakListState } from './use-break-list-state.ts';

/** The default status (no status in the URL). */
const OPEN = 'open';
const STATUS_OPTIONS = [
  { value: OPEN, label: RECON_STATUS_LABEL.open },
  { value: 'resolved', label: RECON_STATUS_LABEL.resolved },
  { value: ALL_STATUSES, label: 'Semua' },
];

/** One chip per category with its open breaks (under the queue's other filters); a click filters by it. */
function CategoryChips({
  counts,
  state,
}: {
  counts: BreakCounts | undefined;
  state: BreakListState;
}) {
  const picked = state.filter.category;
  const total = counts
    ? RECON_CATEGORY_ORDER.filter((c) => c !== 'expected').reduce((sum, c) => sum + counts[c], 0)
    : undefined;
  const number = (n: number | undefined) => (n === undefined ? '…' : n.toLocaleString('id-ID'));
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label="Selisih terbuka per kategori"
      sx={{ flexWrap: 'wrap', mb: 1.5 }}
    >
      <Chip
        label={`Semua selisih: ${number(total)}`}
        color="primary"
        variant={picked ? 'outlined' : 'filled'}
        onClick={() => state.setFilter({ category: '' })}
        aria-pressed={!picked}
      />
      {RECON_CATEGORY_ORDER.map((category) => (
        <Chip
          key={category}
          label={`${RECON_CATEGORY_LABEL[category]}: ${number(counts?.[category])}`}
          // Outlined chips in the category's colour read too faintly (yellow on white): colour only when picked.
          color={picked === category ? categoryColor(category) : 'default'}
          variant={picked === category ? 'filled' : 'outlined'}
          onClick={() => state.setFilter({ category: picked === category ? '' : category })}
          aria-pressed={picked === category}
        />
      ))}
    </Stack>
  );
}

/**
 * The break queue: counts per category as filter chips, search, days and status in the URL,
 * row checkboxes with "all that match" and one resolution for many (with a preview), Export CSV.
 * A row opens the break's detail page.
 */
export function BreakQueue() {
  const state = useBreakListState();
  const navigate = useNavigate();
  const { access } = useAccess();
  const canUpdate = can(access, 'reconciliation', 'update');
  const list = useList<BreakRow>(API_PATHS.recon.breaks, state.params ?? {}, state.params !== null);
  const counts = useBreakCounts(state.countQuery ?? '', state.countQuery !== null);
  const exporter = useExportBreaks();
  const columns = useMemo(() => breakColumns(), []);
  const actions = useMemo(
    () => breakActionsColumn((row) => void navigate(reconBreakUrl(row.rbrkId))),
    [navigate],
  );
  const layout = useTableLayout({
    columns,
    actions,
    priority: BREAK_PRIORITY,
    chosen: null,
    checkboxes: canUpdate,
  });
  const rows = useMemo(() => list.data?.data ?? [], [list.data]);
  const total = list.data?.pagination.totalData ?? 0;

  const selection = useBulkSelection(`${selectionScope(state.exportParams)}${state.searchText}`);
  const [bulk, setBulk] = useState<{
    key: number;
    action: BulkResolveAction;
    selection: BulkResolveDialogProps['selection'];
  } | null>(null);
  const query = useMemo(() => listQueryRecord(state.exportParams), [state.exportParams]);
  const tableSelection = useMemo<TableSelection | undefined>(
    () =>
      canUpdate
        ? {
            ids: selection.ids,
            all: selection.all,
            onChange: (ids) => selection.setIds(ids.map(Number)),
          }
        : undefined,
    [canUpdate, selection],
  );
  const pageAllPicked = rows.length > 0 && rows.every((row) => selection.ids.has(row.rbrkId));

  const exportCsv = () => {
    if (!state.exportParams) return;
    exporter.mutate(state.exportParams, {
      onError: (error) =>
        notify.error(MESSAGES.exportFailed, errorMessage(error, MESSAGES.unknownError)),
    });
  };

  return (
    <>
      <CategoryChips counts={counts.data} state={state} />
      <ScreenToolbar
        inputs={
          <>
            <DebouncedSearchBox
              key={state.searchBoxKey}
              value={state.searchText}
              onSearch={state.setSearchText}
              debounceMs={SEARCH_DEBOUNCE_MS.default}
              placeholder="Cari order ID, referensi, perusahaan.."
              width={260}
            />
            <DayRangeField range={state.dates} presets />
            <TextField
              select
              size="small"
              label="Status"
              value={state.filter.status || OPEN}
              onChange={(event) =>
                state.setFilter({ status: event.target.value === OPEN ? '' : event.target.value })
              }
              sx={{ width: 130 }}
            >
              {STATUS_OPTIONS.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          </>
        }
        buttons={
          <>
            <ToolbarButton
              label="Export"
              icon={<FileDownloadIcon />}
              onClick={exportCsv}
              disabled={exporter.isPending || state.exportParams === null}
            />
            <ToolbarButton label="Refresh" icon={<RefreshIcon />} onClick={state.refresh} />
          </>
        }
      />
      {canUpdate && !selection.isEmpty && (
        <BreakBulkBar
          pickedCount={selection.pickedCount}
          total={total}
          canSelectAll={
            !selection.all && pageAllPicked && total > selection.ids.size && query !== null
          }
          onAction={(action) =>
            setBulk({
              key: Date.now(),
              action,
              selection: selection.all ? { query: query ?? {} } : { ids: [...selection.ids] },
            })
          }
          onSelectAll={selection.selectAll}
          onClear={selection.clear}
        />
      )}
      <div ref={layout.ref}>
        <DataTable<BreakRow>
          label="Antrean selisih"
          columns={layout.shown}
          rows={rows}
          rowCount={total}
          getRowId={(row) => row.rbrkId}
          loading={list.isFetching}
          onRowClick={(row) => void navigate(reconBreakUrl(row.rbrkId))}
          selection={tableSelection}
          {...state.tableProps}
        />
      </div>
      {bulk && (
        <BulkResolveDialog
          key={bulk.key}
          action={bulk.action}
          selection={bulk.selection}
          onApplied={selection.clear}
          onClose={() => setBulk(null)}
        />
      )}
    </>
  );
}
