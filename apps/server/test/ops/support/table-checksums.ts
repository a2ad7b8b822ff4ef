/** Every table's row count and a checksum of its rows (order-free), to compare a restore with its source. */
import { createHash } from 'node:crypto';
import { openDatabase } from '../../../src/db/database.ts';

const stable = (row: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => [k, row[k]]),
  );

export async function tableChecksums(
  url: string,
): Promise<Record<string, { rows: number; sha256: string }>> {
  const db = openDatabase(url, { pool: { size: 1 } });
  try {
    const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
    const result: Record<string, { rows: number; sha256: string }> = {};
    for (const { name } of tables) {
      const rows = (await db.kysely
        .selectFrom(name as never)
        .selectAll()
        .execute()) as Record<string, unknown>[];
      const lines = rows.map(stable).sort();
      result[name] = {
        rows: rows.length,
        sha256: createHash('sha256').update(lines.join('\n')).digest('hex'),
      };
    }
    return result;
  } finally {
    await db.close();
  }
}
