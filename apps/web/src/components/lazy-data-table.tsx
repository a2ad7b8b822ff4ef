/**
 * The data table with the grid's code (MUI X Data Grid, the screen's heaviest part) loaded
 * apart: the screen's title, summary and toolbar draw before it has arrived (issue 10, Lighthouse
 * LCP), and a placeholder of the table's height with the real pager holds its place meanwhile.
 */
import type { GridValidRowModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { lazy, Suspense } from 'react';
import type { DataTable, DataTableProps } from './data-table.tsx';
import { gridHeightOf } from './data-table-size.ts';
import { TablePager } from './table-pager.tsx';

// The download starts when the screen's code is read, beside the screen's first render.
const loadingGrid = import('./data-table.tsx');
const LoadedDataTable = lazy(async () => ({ default: (await loadingGrid).DataTable })) as unknown as typeof DataTable;

function TablePlaceholder<Row extends GridValidRowModel>(props: DataTableProps<Row>) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} aria-busy="true">
      <Box sx={{ height: gridHeightOf(props.pageSize) }} />
      <TablePager
        page={props.page}
        pageSize={props.pageSize}
        rowCount={props.rowCount}
        rowCountCapped={props.rowCountCapped}
        onPageChange={props.onPageChange}
        onPageSizeChange={props.onPageSizeChange}
        disabled
        countPending={props.rows.length === 0}
      />
    </Paper>
  );
}

export function LazyDataTable<Row extends GridValidRowModel>(props: DataTableProps<Row>) {
  return (
    <Suspense fallback={<TablePlaceholder {...props} />}>
      <LoadedDataTable {...props} />
    </Suspense>
  );
}
