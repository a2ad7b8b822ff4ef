/** SQL of the CSV export that is not the CSV line itself (csv-sql.ts). */
import { sql } from 'kysely';
import type { DbRow, Filtered } from '../list/list-repo.ts';

export interface ExportCursor {
  created: string;
  id: number;
}

/** The next batch of the export, newest first (keyset: constant cost per batch). */
export async function exportBatch(q: Filtered, after: ExportCursor | null, size: number): Promise<DbRow[]> {
  let b = q.selectAll();
  if (after) {
    // `<=` first gives both databases an index range; the OR then breaks ties by id.
    b = b
      .where(sql.ref('trctCreatedTime'), '<=', after.created)
      .where((eb) => eb.or([eb(sql.ref('trctCreatedTime'), '<', after.created), eb(sql.ref('trctId'), '<', after.id)]));
  }
  return (await b.orderBy(sql.ref('trctCreatedTime'), 'desc').orderBy(sql.ref('trctId'), 'desc').limit(size).execute()) as DbRow[];
}
