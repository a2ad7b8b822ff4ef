/**
 * `npm run audit:verify [-- --head <id>:<hash> | --checkpoint '<json>']`: recomputes the audit
 * chain on the configured database (DATABASE_URL, as the server reads it) with the audit keys
 * derived from the data key (DATA_KEY and DATA_KEY_PREVIOUS, or the embedded database's key
 * file). With a head (from a checkpoint line of the log or the tagih_audit_checkpoint_head_id
 * metric) it also fails when the chain no longer reaches it. Prints `audit: ok, N events`, or
 * names the first event that does not match and exits 1 (2 when it could not verify at all).
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { dataKeyFileOf, loadDataKeys } from '../../security/data-key.ts';
import { auditKeysOf } from './chain-key.ts';
import { checkpointHead, parseHead } from './checkpoint.ts';
import { verifyAuditChain, type ChainHead } from './service.ts';

/** npm runs a workspace's script inside the workspace; a relative path is meant from where npm was started. */
const baseDir = process.env.INIT_CWD ?? process.cwd();

/**
 * A relative SQLite path is meant from where npm was started (the repository root, where
 * `npm start` runs the server), as INIT_CWD says.
 */
function sqlitePath(url: string): string | null {
  if (!url.startsWith('sqlite:')) return null;
  const path = url.slice('sqlite:'.length);
  if (path === '' || path === ':memory:') return path;
  return isAbsolute(path) ? path : resolve(baseDir, path);
}

class Refused extends Error {}

function headOf(
  args: { head?: string; checkpoint?: string },
  keys: ReturnType<typeof auditKeysOf>,
): ChainHead | undefined {
  if (args.head !== undefined) {
    const head = parseHead(args.head);
    if (!head) throw new Refused('--head must be <event id>:<64 hex digits of its hash>');
    return head;
  }
  if (args.checkpoint === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(args.checkpoint);
  } catch {
    throw new Refused('--checkpoint must be the JSON of a checkpoint (or of its whole log line)');
  }
  const checked = checkpointHead(value, keys);
  if ('error' in checked) throw new Refused(`--checkpoint: ${checked.error}`);
  return checked.head;
}

async function main(): Promise<number> {
  let args;
  let config;
  try {
    args = parseArgs({
      options: { head: { type: 'string' }, checkpoint: { type: 'string' } },
    }).values;
    config = loadConfig();
  } catch (error) {
    console.error(
      `audit: ${error instanceof Error ? error.message.replace(/\n\s*/g, ' ') : String(error)}`,
    );
    return 2;
  }
  const path = sqlitePath(config.databaseUrl);
  if (path !== null && path !== '' && path !== ':memory:' && !existsSync(path)) {
    console.error(`audit: no database at ${path}`);
    return 2;
  }
  const url = path === null ? config.databaseUrl : `sqlite:${path}`;
  let keys;
  let head;
  try {
    // Verifying never makes a key: without DATA_KEY the embedded database's key file must be there.
    const file = config.dataKey ? null : dataKeyFileOf({ ...config, databaseUrl: url }, baseDir);
    if (file !== null && !existsSync(file))
      throw new Refused(`no data key: DATA_KEY is not set and there is no key file ${file}`);
    keys = auditKeysOf(loadDataKeys({ ...config, databaseUrl: url }, baseDir).box);
    head = headOf(args, keys);
  } catch (error) {
    console.error(
      `audit: ${error instanceof Refused || error instanceof ConfigError ? error.message : String(error)}`,
    );
    return 2;
  }
  const database = openDatabase(url);
  try {
    const result = await verifyAuditChain(database.kysely, { keys, ...(head ? { head } : {}) });
    if (result.ok) {
      const reach = head ? `, reaching event ${head.id} of the checkpoint` : '';
      const legacy = result.legacyEvents
        ? ` (the first ${result.legacyEvents} unsigned, from before the chain was keyed)`
        : '';
      const unsealed = result.unsealed
        ? `; ${result.unsealed} recorded and not yet sealed (each with its own MAC intact)`
        : '';
      console.log(`audit: ok, ${result.events} events${legacy}${reach}${unsealed}`);
      return 0;
    }
    if (result.unsealed) {
      console.error(
        `audit: unsealed event ${result.badId} (audit_pending) does not match: ${result.reason} (${result.events} sealed events verified)`,
      );
      return 1;
    }
    console.error(
      `audit: event ${result.badId} does not match: ${result.reason} (${result.events} events before it verified)`,
    );
    return 1;
  } catch (error) {
    console.error(
      `audit: could not verify: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
