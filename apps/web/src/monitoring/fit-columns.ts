/**
 * The columns a monitoring table shows: the operator's choice (column chooser) in their order,
 * else the default layout, then the row's actions, always last. Width never leaves a column
 * out: a table wider than its room scrolls sideways with the id and the actions held in place
 * (components/data-table.tsx), and on phones its rows are cards.
 */
import type { TableColumn } from '../components/table-column.ts';

export interface ColumnLayoutInput<Row> {
  /** Every data column, in the spec's order (without the actions column). */
  columns: readonly TableColumn<Row>[];
  actions: TableColumn<Row>;
  /** The default layout's fields (the spec's order is kept), most important first. */
  priority: readonly string[];
  /** The user's own choice (column chooser): shown fields in their order; null = default. */
  chosen: readonly string[] | null;
}

/** The columns to show: the user's choice in their order (else the default fields in the spec's order), then the actions. */
export function layoutColumns<Row>(input: ColumnLayoutInput<Row>): TableColumn<Row>[] {
  const byField = new Map(input.columns.map((column) => [column.field, column]));
  const chosen = input.chosen?.filter((field) => byField.has(field)) ?? null;
  const shown = chosen
    ? chosen.map((field) => byField.get(field)!)
    : input.columns.filter((c) => input.priority.includes(c.field));
  return [...shown, input.actions];
}
