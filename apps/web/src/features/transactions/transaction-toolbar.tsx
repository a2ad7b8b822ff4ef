import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FilterListIcon from '@mui/icons-material/FilterList';
import GridOnIcon from '@mui/icons-material/GridOn';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SEARCH_DEBOUNCE_MS, type TransactionKindDef } from '@tagih/contract';
import type { ReactNode } from 'react';
import { DebouncedSearchBox } from '../../components/debounced-search-box.tsx';
import { ScreenToolbar } from '../../components/screen-toolbar.tsx';
import { ToolbarButton } from '../../components/toolbar-button.tsx';
import { DayRangeField } from '../../monitoring/day-range-field.tsx';
import { WorkQueueToggle } from '../../monitoring/work-queue-toggle.tsx';
import type { TransactionListState } from './use-transaction-list-state.ts';

export interface TransactionToolbarProps {
  kind: TransactionKindDef;
  state: TransactionListState;
  /** The rows shown are of every date (an exact id searched, or the whole history asked): said beside the range. */
  allDates?: boolean;
  exporting: boolean;
  /** Export: the spec's CSV. */
  onExport: () => void;
  /** Unduh Excel: the same rows as an XLSX workbook. */
  onExportXlsx: () => void;
  onFilter: () => void;
  onRefresh: () => void;
  /** The column chooser and saved views. */
  preferences?: ReactNode;
}

// Made once, not on every render (emotion's work on the first render).
const SEARCH_ROW_SX = { display: 'flex', gap: 1, flexWrap: 'nowrap', maxWidth: '100%' } as const;
const FIELD_SELECT_SX = { width: 120, flexShrink: 0 } as const;
const ALL_DATES_SX = { alignSelf: 'center' } as const;

/** Search-by + search text, date range, the work queue, Export, Unduh Excel, Filter Data, Refresh (spec §2). */
export function TransactionToolbar({
  kind,
  state,
  allDates = false,
  exporting,
  onExport,
  onExportXlsx,
  onFilter,
  onRefresh,
  preferences,
}: TransactionToolbarProps) {
  const searchLabel = kind.searchBy.find((s) => s.field === state.searchField)?.label ?? '';
  return (
    <ScreenToolbar
      inputs={
        <>
          <Box sx={SEARCH_ROW_SX}>
            <TextField
              select
              size="small"
              label="Search by"
              value={state.searchField}
              onChange={(event) => state.changeSearchField(event.target.value)}
              sx={FIELD_SELECT_SX}
            >
              {kind.searchBy.map((choice) => (
                <MenuItem key={choice.field} value={choice.field}>
                  {choice.label}
                </MenuItem>
              ))}
            </TextField>
            <DebouncedSearchBox
              key={state.searchBoxKey}
              value={state.searchText}
              onSearch={state.setSearchText}
              debounceMs={SEARCH_DEBOUNCE_MS.default}
              placeholder={`Search ${searchLabel}..`}
              width={220}
            />
          </Box>
          <DayRangeField range={state.dates} presets />
          {allDates && (
            <Chip
              label="semua tanggal"
              color="info"
              size="small"
              sx={ALL_DATES_SX}
              data-testid="all-dates-chip"
            />
          )}
          <WorkQueueToggle on={state.attention} onChange={state.setAttention} />
        </>
      }
      buttons={
        <>
          <ToolbarButton
            label="Export"
            icon={<FileDownloadIcon />}
            onClick={onExport}
            disabled={exporting || state.exportParams === null}
          />
          <ToolbarButton
            label="Unduh Excel"
            icon={<GridOnIcon />}
            onClick={onExportXlsx}
            disabled={exporting || state.exportParams === null}
          />
          <ToolbarButton label="Filter Data" icon={<FilterListIcon />} onClick={onFilter} />
          <ToolbarButton label="Refresh" icon={<RefreshIcon />} onClick={onRefresh} />
          {preferences}
        </>
      }
    />
  );
}
