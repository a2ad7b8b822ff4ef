/**
 * The data table's row and header heights (data-table.css): while the first page loads, the
 * table keeps the room its rows will take, so the page does not shift when they arrive (CLS).
 */
export const TABLE_ROW_HEIGHT = 52;
export const TABLE_HEADER_HEIGHT = 56;
/** The checkbox column's width when rows can be picked. */
export const CHECKBOX_COLUMN_PX = 50;
