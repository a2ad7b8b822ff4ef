/**
 * What an empty cell or field shows (spec §2). Apart from data-table.tsx so that chips and
 * detail fields can use it without loading the table's code (the transaction screen draws
 * before the table has loaded).
 */
export const EMPTY_CELL = 'N/A';
