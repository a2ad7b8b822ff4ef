/**
 * Tables that fit (issue 11): a monitoring table shows as many of its columns as fit the
 * width it has, most important first, so Order ID, amount, Status and the row's actions are
 * on screen without scrolling sideways. The actions column is always shown, last.
 */
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/** Vertical scrollbar and borders: not there for the columns. */
const GUTTER_PX = 18;
/** The grid's checkbox column (GRID_CHECKBOX_SELECTION_COL_DEF.width) when rows can be picked. */
export const CHECKBOX_COLUMN_PX = 50;

export interface ColumnLayoutInput<Row extends GridValidRowModel> {
  /** Every data column, in the spec's order (without the actions column). */
  columns: readonly GridColDef<Row>[];
  actions: GridColDef<Row>;
  /** The fields to keep when room runs out, most important first (the default layout). */
  priority: readonly string[];
  /** The user's own choice (column chooser): shown fields in their order; null = default. */
  chosen: readonly string[] | null;
  /** The table's width in px; 0 = not measured yet (show everything). */
  width: number;
  /** Rows can be picked (bulk actions): the checkbox column takes its room first. */
  checkboxes?: boolean;
}

const minWidthOf = (column: GridColDef<GridValidRowModel>) => column.minWidth ?? column.width ?? 100;

/**
 * The columns to show: the user's choice in their order (else the spec's order), keeping
 * the first ones of the priority (the choice is its own priority) whose minimum widths fit,
 * then the actions. The first column of the priority is kept even when nothing fits.
 */
export function layoutColumns<Row extends GridValidRowModel>(input: ColumnLayoutInput<Row>): GridColDef<Row>[] {
  const byField = new Map(input.columns.map((column) => [column.field, column]));
  const chosen = input.chosen?.filter((field) => byField.has(field)) ?? null;
  const priority = chosen ?? input.priority.filter((field) => byField.has(field));
  const order = chosen ? chosen.map((field) => byField.get(field)!) : input.columns.filter((c) => priority.includes(c.field));
  const kept = new Set<string>();
  if (input.width <= 0) {
    priority.forEach((field) => kept.add(field));
  } else {
    let room = input.width - GUTTER_PX - (input.checkboxes ? CHECKBOX_COLUMN_PX : 0) - minWidthOf(input.actions as GridColDef<GridValidRowModel>);
    for (const field of priority) {
      room -= minWidthOf(byField.get(field)! as GridColDef<GridValidRowModel>);
      if (room < 0 && kept.size > 0) break;
      kept.add(field);
    }
  }
  return [...order.filter((column) => kept.has(column.field)), input.actions];
}
