import type { ReactNode } from 'react';

/** A row's identity in a table (its id field). */
export type RowId = string | number;

/** What a column's renderCell gets for one row. */
export interface CellParams<Row> {
  /** The field's value (after valueGetter). */
  value: unknown;
  /** The value after valueFormatter (the value itself without one). */
  formattedValue: unknown;
  row: Row;
}

/**
 * One column of a DataTable. Widths are in px: a column with `width` (or `maxWidth`) keeps it;
 * the others share the room that is left in proportion to their `minWidth` (default 100), which
 * is what the column needs: the table scrolls sideways rather than go below the sum of them.
 * A column is never left out for want of room: only the operator's column choice hides one.
 */
export interface TableColumn<Row> {
  field: string;
  headerName?: string;
  width?: number;
  minWidth?: number;
  maxWidth?: number;
  /** The server can sort by it: the header is a sort button (default false). */
  sortable?: boolean;
  /** The column chooser may not hide it (the row's actions). */
  hideable?: boolean;
  /** 'actions': the row's buttons, kept in sight (sticky) when the table scrolls sideways. */
  type?: 'actions';
  /** 'start': held in place at the left when the table scrolls sideways (the row's id). */
  sticky?: 'start';
  /** The cell's text may take two lines (dates: the day above the time) instead of being cut. */
  wrap?: boolean;
  headerAlign?: 'left' | 'center';
  /** The value shown, from the row (default: row[field]). The parameter is typed by the column. */
  valueGetter?: (value: never, row: Row) => unknown;
  /** The value as text (dates, money). The parameter is typed by the column. */
  valueFormatter?: (value: never, row: Row) => unknown;
  /** The cell's own content; without it the cell shows its (formatted) text, cut to the width, or N/A. */
  renderCell?: (params: CellParams<Row>) => ReactNode;
}
