/**
 * The data table's row and header heights, apart from the grid's code: the grid is given them
 * (data-table.tsx) and the placeholder shown while that code loads reserves the same room
 * (lazy-data-table.tsx), so the page does not shift when the grid or its rows arrive (issue 10, CLS).
 */
export const GRID_ROW_HEIGHT = 52;
export const GRID_HEADER_HEIGHT = 56;

/** The grid's height with `rows` rows (its 1px outline is the surrounding Paper's). */
export const gridHeightOf = (rows: number) => GRID_HEADER_HEIGHT + rows * GRID_ROW_HEIGHT;
