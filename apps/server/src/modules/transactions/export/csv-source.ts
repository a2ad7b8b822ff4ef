/** What every way of writing an export's CSV lines (csv-export.ts) or its workbook (xlsx-export.ts) is given, and what a CSV way yields. */
import type { FieldDef } from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import type { RowSelection } from '../list/list-request.ts';

/** A batch of CSV records: the text, or its UTF-8 bytes (then the only view of their memory), and how many records it holds. */
export interface CsvBatch {
  text: string | Buffer;
  rows: number;
}

/** What every way of writing the lines is given. */
export interface ExportSource {
  deps: AppDeps;
  /** The list request's rows (list-request.ts): the export writes every row the list matches. */
  rows: RowSelection;
  columns: readonly FieldDef[];
  batchRows: number;
}
