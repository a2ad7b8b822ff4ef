/** What every way of writing an export's CSV lines is given, and what it yields (csv-export.ts). */
import type { FieldDef, ListQuery } from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import type { UtcRange } from '../../../shared/date-range.ts';
import type { ServerKind } from '../kinds.ts';

/** A batch of CSV records: the text, or its UTF-8 bytes (then the only view of their memory), and how many records it holds. */
export interface CsvBatch {
  text: string | Buffer;
  rows: number;
}

/** What every way of writing the lines is given. */
export interface ExportSource {
  deps: AppDeps;
  kind: ServerKind;
  columns: readonly FieldDef[];
  compId: number;
  range: UtcRange;
  query: ListQuery;
  batchRows: number;
}
