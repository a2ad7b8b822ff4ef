/**
 * The data table's row and header heights (the Data Grid's own defaults), apart from the grid's
 * code: the placeholder shown while that code loads (lazy-data-table.tsx) reserves the room the
 * grid will take, so the page does not shift when it arrives (issue 10, CLS).
 */
export const GRID_ROW_HEIGHT = 52;
export const GRID_HEADER_HEIGHT = 56;

/** The grid's height with `rows` rows (its 1px outline is the surrounding Paper's). */
export const gridHeightOf = (rows: number) => GRID_HEADER_HEIGHT + rows * GRID_ROW_HEIGHT;
