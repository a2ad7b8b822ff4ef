/**
 * Fresh databases for the e2e servers, made when the config loads in the runner's main
 * process (workers load the config too, and must not touch the running servers' data).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const inRunner = process.env.TEST_WORKER_INDEX === undefined;

/** E2E_PORT (default 18080) serves the SQLite project, the next port the PostgreSQL one. */
const basePort = Number(process.env.E2E_PORT ?? 18080);
export const E2E_PORTS = { sqlite: basePort, postgres: basePort + 1 };
/** Each server's simulators: the demo banks, then the merchants' receiver. */
export const SIMULATOR_PORTS: Readonly<Record<'sqlite' | 'postgres', readonly [number, number]>> = {
  sqlite: [basePort + 11, basePort + 12],
  postgres: [basePort + 13, basePort + 14],
};

/** E2E_DATABASES: 'sqlite' or 'postgres' to run against that server only; undefined = both. */
export const E2E_DATABASES_ONLY = ((): 'sqlite' | 'postgres' | undefined => {
  const value = process.env.E2E_DATABASES;
  if (!value) return undefined;
  if (value === 'sqlite' || value === 'postgres') return value;
  throw new Error(`E2E_DATABASES must be 'sqlite' or 'postgres' (got '${value}')`);
})();

/** Where the server on `port` writes its simulated banks' /snap credentials (DEMO_BANK_KEYS_FILE): a spec pays as a bank with them. */
export const demoBankKeysFile = (port: number): string =>
  join(tmpdir(), `tagih-e2e-bank-keys-${port}.json`);

export function freshSqliteUrl(port: number): string {
  const dir = join(tmpdir(), `tagih-e2e-${port}`);
  if (inRunner) rmSync(dir, { recursive: true, force: true });
  return `sqlite:${join(dir, 'tagih.db')}`;
}

function psql(url: string, statement: string): void {
  const result = spawnSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', url, '-c', statement], {
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`psql failed: ${result.stderr || result.error?.message}`);
}

export const postgresDatabaseName = (port: number): string => `tagih_e2e_${port}`;

/** A new PostgreSQL database on TEST_DATABASE_URL's server, or null when none is configured. */
export function freshPostgresUrl(port: number): string | null {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = postgresDatabaseName(port);
  const url = new URL(base);
  url.pathname = `/${name}`;
  if (inRunner) {
    dropPostgresDatabase(name);
    psql(base, `create database ${name}`);
  }
  return url.toString();
}

export function dropPostgresDatabase(name: string): void {
  const base = process.env.TEST_DATABASE_URL;
  if (base) psql(base, `drop database if exists ${name} with (force)`);
}
