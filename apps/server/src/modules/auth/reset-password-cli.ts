/**
 * `npm run user:reset-password -- <username>`: the way in again when the passwords printed at the
 * first start are lost (README "Quick start"). Sets a new password for the login (NEW_PASSWORD
 * when set, else a generated one, printed once), ends its sessions, lifts its sign-in lockouts
 * and audits it (reset-password.ts). Uses the configured database (DATABASE_URL, DATA_KEY or the
 * embedded key file). Prints one line; exits 1 when refused (no such user, a password the policy
 * refuses), 2 when it could not run at all.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../config.ts';
import { systemClock } from '../../clock.ts';
import { openDatabase } from '../../db/database.ts';
import { loadDataKeys } from '../../security/data-key.ts';
import { randomPassword } from '../../security/tokens.ts';
import { AppError } from '../../shared/errors.ts';
import { installAuditKeys } from '../audit/chain-key.ts';
import { resetPassword } from './reset-password.ts';

/** npm runs a workspace's script inside the workspace; a relative path is meant from where npm was started. */
const baseDir = process.env.INIT_CWD ?? process.cwd();
const NAME = 'user:reset-password';

function refusal(error: AppError): string {
  const errors = (error.data as { errors?: Record<string, string> } | null)?.errors;
  return errors ? `${error.message} ${Object.values(errors).join(' ')}` : error.message;
}

async function main(): Promise<number> {
  const username = process.argv[2]?.trim();
  if (!username) {
    console.error(
      `${NAME}: name the user: npm run ${NAME} -- <username>  (NEW_PASSWORD=... to choose the password)`,
    );
    return 2;
  }
  let config;
  let keys;
  try {
    config = loadConfig();
    keys = loadDataKeys(config, baseDir);
  } catch (error) {
    console.error(
      `${NAME}: ${error instanceof ConfigError ? error.message.replace(/\n\s*/g, ' ') : String(error)}`,
    );
    return 2;
  }
  let url = config.databaseUrl;
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    const file = isAbsolute(path) ? path : resolve(baseDir, path);
    if (!existsSync(file)) {
      console.error(`${NAME}: no database at ${file}`);
      return 2;
    }
    url = `sqlite:${file}`;
  }
  const password = process.env.NEW_PASSWORD || randomPassword();
  installAuditKeys(keys.box);
  const database = openDatabase(url, { applicationName: 'tagih-reset-password' });
  try {
    await resetPassword(database, systemClock, config.passwordPolicy, username, password);
    const shown = process.env.NEW_PASSWORD ? '(NEW_PASSWORD)' : password;
    console.log(
      `${NAME}: ${username} / ${shown}  (its sessions ended, sign-in locks lifted${config.passwordPolicy === 'pci' ? '; to be changed at the next sign-in' : ''})`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`${NAME}: ${refusal(error)}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`${NAME}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
