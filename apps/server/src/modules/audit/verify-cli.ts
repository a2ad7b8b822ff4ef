/**
 * `npm run audit:verify`: recomputes the audit chain on the configured database (DATABASE_URL,
 * as the server reads it). Prints `audit: ok, N events`, or names the first event that does not
 * match and exits 1 (2 when it could not read the chain at all).
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { verifyAuditChain } from './service.ts';

/**
 * npm runs a workspace's script inside the workspace; a relative SQLite path is meant from where
 * npm was started (the repository root, where `npm start` runs the server), as INIT_CWD says.
 */
function sqlitePath(url: string): string | null {
  if (!url.startsWith('sqlite:')) return null;
  const path = url.slice('sqlite:'.length);
  if (path === '' || path === ':memory:') return path;
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

async function main(): Promise<number> {
  const config = loadConfig();
  const path = sqlitePath(config.databaseUrl);
  if (path !== null && path !== '' && path !== ':memory:' && !existsSync(path)) {
    console.error(`audit: no database at ${path}`);
    return 2;
  }
  const database = openDatabase(path === null ? config.databaseUrl : `sqlite:${path}`);
  try {
    const result = await verifyAuditChain(database.kysely);
    if (result.ok) {
      console.log(`audit: ok, ${result.events} events`);
      return 0;
    }
    console.error(`audit: event ${result.badId} does not match: ${result.reason} (${result.events} events before it verified)`);
    return 1;
  } catch (error) {
    console.error(`audit: could not verify: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
