/**
 * Tables that fit: a monitoring table shows as many of its columns as fit the
 * width it has, most important first, so Order ID, amount, Status and the row's actions are
 * on screen without scrolling sideways. The actions column is always shown, last.
 */
import { CHECKBOX_COLUMN_PX } from '../components/data-table-size.ts';
import type { TableColumn } from '../components/table-column.ts';

/** Vertical scrollbar and borders: not there for the columns. */
const GUTTER_PX = 18;

export interface ColumnLayoutInput<Row> {
  /** Every data column, in the spec's order (without the actions column). */
  columns: readonly TableColumn<Row>[];
  actions: TableColumn<Row>;
  /** The fields to keep when room runs out, most important first (the default layout). */
  priority: readonly string[];
  /** The user's own choice (column chooser): shown fields in their order; null = default. */
  chosen: readonly string[] | null;
  /** The table's width in px; 0 = not measured yet (show everything). */
  width: number;
  /** Rows can be picked (bulk actions): the checkbox column takes its room first. */
  checkboxes?: boolean;
}

const minWidthOf = <Row,>(column: TableColumn<Row>) => column.minWidth ?? column.width ?? 100;

/**
 * The columns to show: the user's choice in their order (else the spec's order), keeping
 * the first ones of the priority (the choice is its own priority) whose minimum widths fit,
 * then the actions. The first column of the priority is kept even when nothing fits.
 */
export function layoutColumns<Row>(input: ColumnLayoutInput<Row>): TableColumn<Row>[] {
  const byField = new Map(input.columns.map((column) => [column.field, column]));
  const chosen = input.chosen?.filter((field) => byField.has(field)) ?? null;
  const priority = chosen ?? input.priority.filter((field) => byField.has(field));
  const order = chosen ? chosen.map((field) => byField.get(field)!) : input.columns.filter((c) => priority.includes(c.field));
  const kept = new Set<string>();
  if (input.width <= 0) {
    priority.forEach((field) => kept.add(field));
  } else {
    let room = input.width - GUTTER_PX - (input.checkboxes ? CHECKBOX_COLUMN_PX : 0) - minWidthOf(input.actions);
    for (const field of priority) {
      room -= minWidthOf(byField.get(field)!);
      if (room < 0 && kept.size > 0) break;
      kept.add(field);
    }
  }
  return [...order.filter((column) => kept.has(column.field)), input.actions];
}
