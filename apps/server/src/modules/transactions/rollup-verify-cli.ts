/**
 * `npm run rollups:verify`: recomputes the transaction rollup from the rows of the configured
 * database (DATABASE_URL, as the server reads it) and compares it with the stored one, and the
 * same for the notification rollup (migration 0014). Prints `rollups: ok, N groups in <zone>`
 * (and `notification rollup: ok, N groups`), or each differing group and exits 1 (2 when it could
 * not read the database at all).
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { verifyRollup } from '../../db/transaction-rollup.ts';
import { verifyNotificationTotals } from '../notifications/service.ts';

/** A relative SQLite path is meant from where npm was started (INIT_CWD), as for audit:verify. */
function sqlitePath(url: string): string | null {
  if (!url.startsWith('sqlite:')) return null;
  const path = url.slice('sqlite:'.length);
  if (path === '' || path === ':memory:') return path;
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

const SHOWN = 50;

/** The notification rollup (migration 0014): prints its verdict, returns the exit code. */
async function verifyNotifications(
  db: Parameters<typeof verifyNotificationTotals>[0],
): Promise<number> {
  const result = await verifyNotificationTotals(db);
  if (result.differences.length === 0) {
    console.log(`notification rollup: ok, ${result.groups} groups`);
    return 0;
  }
  console.error(
    `notification rollup: ${result.differences.length} groups differ (company|UTC hour|status: stored -> recounted):`,
  );
  for (const d of result.differences.slice(0, SHOWN))
    console.error(`  ${d.key}: ${d.stored} -> ${d.expected}`);
  return 1;
}

async function main(): Promise<number> {
  const config = loadConfig();
  const path = sqlitePath(config.databaseUrl);
  if (path !== null && path !== '' && path !== ':memory:' && !existsSync(path)) {
    console.error(`rollups: no database at ${path}`);
    return 2;
  }
  // Recounting every row of a large database takes minutes: no statement timeout for this tool.
  const database = openDatabase(path === null ? config.databaseUrl : `sqlite:${path}`, {
    pool: { statementTimeoutMs: 0 },
    applicationName: 'tagih rollups:verify',
  });
  try {
    const result = await verifyRollup(database.kysely);
    if (result.timeZone === null) {
      console.error('rollups: not built (the server builds it at start)');
      return 1;
    }
    if (result.differences.length === 0) {
      console.log(`rollups: ok, ${result.groups} groups in ${result.timeZone}`);
      return await verifyNotifications(database.kysely);
    }
    console.error(
      `rollups: ${result.differences.length} groups differ (company|kind|day|status|bank: stored -> recomputed count/paid minor):`,
    );
    for (const d of result.differences.slice(0, SHOWN)) {
      console.error(
        `  ${d.key}: ${d.stored.count}/${d.stored.lunasMinor} -> ${d.expected.count}/${d.expected.lunasMinor}`,
      );
    }
    if (result.differences.length > SHOWN)
      console.error(`  ... and ${result.differences.length - SHOWN} more`);
    return 1;
  } catch (error) {
    console.error(
      `rollups: could not verify: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
