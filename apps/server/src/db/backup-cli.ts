/**
 * `npm run backup -- <file>` / `npm run restore -- <file>` on the configured DATABASE_URL
 * (db/backup.ts). Relative paths are taken from where npm was run, not from this package.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { BackupError, backupDatabase, restoreDatabase } from './backup.ts';

const [command, file] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error(
    'Usage: npm run backup -- <file>   |   npm run restore -- <file>   (on DATABASE_URL)',
  );
  process.exit(2);
}

// npm runs workspace scripts in the package folder; INIT_CWD is where the user typed the command.
const callerDir = process.env.INIT_CWD ?? process.cwd();
process.chdir(callerDir);
const config = loadConfig();
const path = resolve(callerDir, file);
try {
  const done =
    command === 'backup'
      ? await backupDatabase(config.databaseUrl, path)
      : await restoreDatabase(config.databaseUrl, path);
  const what = command === 'backup' ? `Backed up to ${done.file}` : `Restored from ${done.file}`;
  console.log(`${what} (${(done.bytes / 1048576).toFixed(1)} MB) in ${done.seconds.toFixed(1)} s.`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
