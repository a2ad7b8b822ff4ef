import Paper from '@mui/material/Paper';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_COL_DEF,
  GRID_CHECKBOX_SELECTION_FIELD,
  type MuiEvent,
  type GridColDef,
  type GridRenderCellParams,
  type GridRowId,
  type GridRowParams,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { MESSAGES, PAGE_SIZE_OPTIONS } from '@tagih/contract';
import { useCallback, useMemo, type MouseEvent as ReactMouseEvent } from 'react';
import type { ListSort } from '../api/get-list.ts';
import { TablePager } from './table-pager.tsx';
import { CutText } from './cut-text.tsx';
import { PageCheckbox } from './page-checkbox.tsx';

import { EMPTY_CELL } from './empty-cell.ts';

export { EMPTY_CELL };

export interface DataTableProps<Row extends GridValidRowModel> {
  columns: readonly GridColDef<Row>[];
  /** The rows of the current page only (server mode). */
  rows: readonly Row[];
  /** Total rows on the server (pagination.totalData). */
  rowCount: number;
  /** More rows match than rowCount (pagination.totalCapped): the pager says "more than". */
  rowCountCapped?: boolean;
  getRowId: (row: Row) => GridRowId;
  loading?: boolean;
  /** 1-based, like the API. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** The screen usually goes back to page 1 too. */
  onPageSizeChange: (pageSize: number) => void;
  sort: ListSort | null;
  onSortChange: (sort: ListSort | null) => void;
  /** Accessible name of the grid. */
  label?: string;
  /** A click on a row (e.g. to open its detail); rows then show a pointer. */
  onRowClick?: (row: Row) => void;
  /** Checkboxes to pick rows (bulk actions); picks on other pages are kept. */
  selection?: TableSelection;
}

export interface TableSelection {
  ids: ReadonlySet<GridRowId>;
  /** Every row that matches is picked: this page shows all its rows checked. */
  all: boolean;
  /** The ids now picked (a change while `all` is on picks just those). */
  onChange: (ids: GridRowId[]) => void;
}

const isBlank = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/** Cells without their own renderer show N/A when empty (spec §2), and whole on hover when cut. */
function withEmptyCells<Row extends GridValidRowModel>(column: GridColDef<Row>): GridColDef<Row> {
  if (column.renderCell || column.type === 'actions') return column;
  return {
    ...column,
    renderCell: (params: GridRenderCellParams<Row>) => {
      const shown: unknown = params.formattedValue ?? params.value;
      return isBlank(shown) ? EMPTY_CELL : <CutText text={String(shown)} />;
    },
  };
}

const LOCALE_TEXT = { noRowsLabel: MESSAGES.noData, noResultsOverlayLabel: MESSAGES.noData };
const GRID_SX = { border: 0, '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 } };

/** A server-paged, server-sorted table: the screen owns page, page size and sort. */
export function DataTable<Row extends GridValidRowModel>({
  columns,
  rows,
  rowCount,
  rowCountCapped = false,
  getRowId,
  loading = false,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  sort,
  onSortChange,
  label = 'Data table',
  onRowClick,
  selection,
}: DataTableProps<Row>) {
  // The grid gets the same objects while nothing changed: a re-render of the screen (e.g. a
  // keystroke elsewhere) costs it nothing (issue 10).
  const dataColumns = useMemo(() => columns.map(withEmptyCells), [columns]);
  // With checkboxes, the header's "pick this page" is ours (page-checkbox.tsx says why).
  const gridColumns = useMemo(() => {
    if (!selection) return dataColumns;
    const pageIds = rows.map(getRowId);
    const checkboxColumn: GridColDef<Row> = {
      ...(GRID_CHECKBOX_SELECTION_COL_DEF as GridColDef<Row>),
      renderHeader: () => <PageCheckbox pageIds={pageIds} picked={selection.ids} all={selection.all} onChange={selection.onChange} />,
    };
    return [checkboxColumn, ...dataColumns];
  }, [dataColumns, selection, rows, getRowId]);
  const sortField = sort?.field;
  const sortDirection = sort?.direction;
  const sortModel = useMemo<GridSortModel>(
    () => (sortField && sortDirection ? [{ field: sortField, sort: sortDirection }] : []),
    [sortField, sortDirection],
  );
  const paginationModel = useMemo(() => ({ page: Math.max(0, page - 1), pageSize }), [page, pageSize]);
  const handleSort = useCallback(
    (model: GridSortModel) => {
      const first = model[0];
      onSortChange(first?.sort ? { field: first.field, direction: first.sort } : null);
    },
    [onSortChange],
  );
  const handleRowClick = useMemo(
    () =>
      onRowClick
        ? (params: GridRowParams<Row>, event: MuiEvent<ReactMouseEvent>) => {
            // Ticking a row's checkbox picks it; it does not open it.
            if ((event.target as HTMLElement).closest(`[data-field="${GRID_CHECKBOX_SELECTION_FIELD}"]`)) return;
            onRowClick(params.row);
          }
        : undefined,
    [onRowClick],
  );
  const selectionModel = useMemo<GridRowSelectionModel | undefined>(() => {
    if (!selection) return undefined;
    const ids = selection.all ? rows.map(getRowId) : selection.ids;
    return { type: 'include', ids: new Set(ids) };
  }, [selection, rows, getRowId]);
  const onSelectionChange = selection?.onChange;
  const handleSelection = useCallback((model: GridRowSelectionModel) => onSelectionChange?.([...model.ids]), [onSelectionChange]);
  const sx = useMemo(() => (onRowClick ? { ...GRID_SX, '& .MuiDataGrid-row': { cursor: 'pointer' } } : GRID_SX), [onRowClick]);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <DataGrid<Row>
        aria-label={label}
        columns={gridColumns}
        rows={rows}
        getRowId={getRowId}
        rowCount={rowCount}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={paginationModel}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        sortModel={sortModel}
        onSortModelChange={handleSort}
        sortingOrder={['asc', 'desc', null]}
        disableColumnFilter
        disableRowSelectionOnClick
        autoHeight
        hideFooter
        localeText={LOCALE_TEXT}
        onRowClick={handleRowClick}
        checkboxSelection={selection !== undefined}
        rowSelectionModel={selectionModel}
        onRowSelectionModelChange={selection ? handleSelection : undefined}
        keepNonExistentRowsSelected={selection !== undefined}
        disableRowSelectionExcludeModel
        sx={sx}
      />
      <TablePager
        page={page}
        pageSize={pageSize}
        rowCount={rowCount}
        rowCountCapped={rowCountCapped}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
        disabled={loading}
      />
    </Paper>
  );
}
