/**
 * Which data key seals the secrets stored in the database (security/secret-box.ts):
 * - DATA_KEY when set (DATA_KEY_PREVIOUS, when set, still opens what the key before it sealed);
 * - else, on an embedded SQLite file, the key file `data.key` next to the database file,
 *   generated once (mode 0600) — whoever can read the database file can usually read the key,
 *   so this protects copies and backups of the database, not a stolen server;
 * - else, on PostgreSQL with DEMO_DATA=true, the same key file in the data folder (`./data`);
 * - else (PostgreSQL, production) the start is refused: a production database must never get a
 *   key generated silently on one server's disk.
 * An in-memory SQLite database (tests, tools) gets a key that lives as long as the process.
 */
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError, type Config } from '../config.ts';
import { newDataKey, parseDataKey, SecretBox } from './secret-box.ts';

export const DATA_KEY_FILE_NAME = 'data.key';

export interface DataKeys {
  box: SecretBox;
  /** Where the current key came from. */
  source: 'DATA_KEY' | 'key file' | 'memory';
  /** The key file, when the key is one. */
  file: string | null;
  /** True when this call created the key file. */
  generated: boolean;
  /** Something the start should say (a key file others may read). */
  warning: string | null;
}

/** The key file for a configuration without DATA_KEY, null for an in-memory database; throws ConfigError on production PostgreSQL. */
export function dataKeyFileOf(
  config: Pick<Config, 'databaseUrl' | 'demoData'>,
  baseDir = process.cwd(),
): string | null {
  if (config.databaseUrl.startsWith('sqlite:')) {
    const path = config.databaseUrl.slice('sqlite:'.length);
    if (path === '' || path === ':memory:') return null;
    return join(dirname(resolve(baseDir, path)), DATA_KEY_FILE_NAME);
  }
  if (config.demoData === true) return resolve(baseDir, 'data', DATA_KEY_FILE_NAME);
  throw new ConfigError(
    'DATA_KEY: not set, and PostgreSQL needs the key that encrypts the client secrets. ' +
      'Fix: set DATA_KEY to 32 random bytes (openssl rand -base64 32), the same on every server, kept apart from the database backups.',
  );
}

/** Throws the ConfigError of a configuration that has no key to use (production PostgreSQL without DATA_KEY); writes nothing. */
export function assertDataKeyAvailable(
  config: Pick<Config, 'databaseUrl' | 'demoData' | 'dataKey'>,
): void {
  if (!config.dataKey) dataKeyFileOf(config);
}

function readKeyFile(file: string): Buffer {
  try {
    return parseDataKey(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(
      `DATA_KEY: the key file ${file} cannot be used (${(error as Error).message}). Fix: restore the file from its backup, or set DATA_KEY.`,
    );
  }
}

/** Reads the key file, or creates it (exclusively: two processes starting at once agree on one key). */
function keyFromFile(file: string): { key: Buffer; generated: boolean; warning: string | null } {
  const key = newDataKey();
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return { key, generated: true, warning: null };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new ConfigError(
        `DATA_KEY: not set, and the key file ${file} cannot be created (${(error as Error).message}). Fix: let the server write that folder, or set DATA_KEY.`,
      );
    }
  }
  const existing = readKeyFile(file);
  const loose = (statSync(file).mode & 0o077) !== 0;
  return {
    key: existing,
    generated: false,
    warning: loose
      ? `The data key file ${file} can be read by other users; make it private: chmod 600 ${file}`
      : null,
  };
}

/** The keys for this configuration (see the top of this file); `baseDir` resolves relative paths. */
export function loadDataKeys(
  config: Pick<Config, 'databaseUrl' | 'demoData' | 'dataKey' | 'dataKeyPrevious'>,
  baseDir = process.cwd(),
): DataKeys {
  const previous = config.dataKeyPrevious ? [config.dataKeyPrevious] : [];
  if (config.dataKey)
    return {
      box: new SecretBox(config.dataKey, previous),
      source: 'DATA_KEY',
      file: null,
      generated: false,
      warning: null,
    };
  const file = dataKeyFileOf(config, baseDir);
  if (file === null)
    return {
      box: new SecretBox(newDataKey(), previous),
      source: 'memory',
      file: null,
      generated: false,
      warning: null,
    };
  const { key, generated, warning } = keyFromFile(file);
  return { box: new SecretBox(key, previous), source: 'key file', file, generated, warning };
}
