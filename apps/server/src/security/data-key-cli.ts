/**
 * `npm run data-key:rotate`: re-encrypts every client secret (callback and SNAP API) and two-factor secret under the current data key
 * (DATA_KEY, or the key file of an embedded database), opening the old values with
 * DATA_KEY_PREVIOUS; plain values are sealed too. Safe while servers run (each row is rewritten
 * only if unchanged since it was read) and safe to repeat. Prints one line; exits 1 when a
 * secret opens under no given key (nothing of it is changed), 2 when it could not run at all.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { describeUnreadable, sealClientSecrets } from './client-secrets.ts';
import { loadDataKeys } from './data-key.ts';
import { resealClientApiSecrets } from './client-api-secrets.ts';
import { resealTotpSecrets } from './totp-secrets.ts';

/** npm runs a workspace's script inside the workspace; a relative path is meant from where npm was started. */
const baseDir = process.env.INIT_CWD ?? process.cwd();

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(
      `data-key: ${error instanceof ConfigError ? error.message.replace(/\n\s*/g, ' ') : String(error)}`,
    );
    return 2;
  }
  let url = config.databaseUrl;
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    const file = isAbsolute(path) ? path : resolve(baseDir, path);
    if (!existsSync(file)) {
      console.error(`data-key: no database at ${file}`);
      return 2;
    }
    url = `sqlite:${file}`;
  }
  let keys;
  try {
    keys = loadDataKeys(config, baseDir);
  } catch (error) {
    console.error(`data-key: ${error instanceof ConfigError ? error.message : String(error)}`);
    return 2;
  }
  const database = openDatabase(url, { applicationName: 'tagih-data-key' });
  try {
    const report = await sealClientSecrets(database.kysely, keys.box, { rotate: true });
    const totp = await resealTotpSecrets(database.kysely, keys.box);
    const api = await resealClientApiSecrets(database.kysely, keys.box);
    const done =
      `${report.resealed} client secret(s) re-encrypted and ${report.sealed} plain one(s) encrypted under data key ${keys.box.keyId} (${keys.source}); ${report.current} already were` +
      (totp.resealed + totp.current + totp.unreadable.length > 0
        ? `; ${totp.resealed} two-factor secret(s) re-encrypted, ${totp.current} already were`
        : '') +
      (totp.unreadable.length > 0
        ? `; the two-factor secrets of ${totp.unreadable.join(', ')} open under no given key (reset their two-factor)`
        : '') +
      (api.resealed + api.current + api.unreadable.length > 0
        ? `; ${api.resealed} client API secret(s) re-encrypted, ${api.current} already were`
        : '') +
      (api.unreadable.length > 0
        ? `; the API secrets of clntid ${api.unreadable.join(', ')} open under no given key (give those clients new API access)`
        : '');
    if (report.unreadable.length > 0) {
      console.error(`data-key: ${done}; ${describeUnreadable(report.unreadable, keys.box)}`);
      return 1;
    }
    console.log(`data-key: ${done}.`);
    return 0;
  } catch (error) {
    console.error(
      `data-key: could not rotate: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
