import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  E2E_DATABASES_ONLY,
  E2E_PORTS,
  SIMULATOR_PORTS,
  demoBankKeysFile,
  freshPostgresUrl,
  freshSqliteUrl,
} from './support/databases.ts';

/**
 * The specs run against servers started the way `npm start` does, each on a fresh database
 * with demo data: embedded SQLite always, and PostgreSQL too when TEST_DATABASE_URL is set
 * (CI sets it), as a second project.
 */
const PORT = E2E_PORTS.sqlite;
/** The sign-ins the specs use (e2e/support/session.ts). */
const PASSWORDS = { admin: 'e2e-admin-pass', demo: 'e2e-demo-pass' };

type WebServer =
  NonNullable<PlaywrightTestConfig['webServer']> extends infer W
    ? W extends readonly (infer E)[]
      ? E
      : W
    : never;

function server(
  port: number,
  databaseUrl: string,
  simulatorPorts: readonly [number, number],
): WebServer {
  return {
    command: 'node scripts/start.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/docs/json`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: PASSWORDS.admin,
      DEMO_PASSWORD: PASSWORDS.demo,
      DEMO_DATA: 'true',
      BANK_SIM_PORT: String(simulatorPorts[0]),
      MERCHANT_SIM_PORT: String(simulatorPorts[1]),
      DEMO_BANK_KEYS_FILE: demoBankKeysFile(port),
      LOG_LEVEL: 'warn',
      // The specs count and watch rows: no demo traffic adding bills meanwhile (a spec pays its own).
      DEMO_TRAFFIC: 'off',
    },
  };
}

/**
 * E2E_DATABASES=sqlite or postgres: only that server and its project (`npm test` runs the two
 * side by side, one process each); unset: both, the second when TEST_DATABASE_URL is set.
 */
const onlyDatabase = E2E_DATABASES_ONLY;
const postgresUrl = onlyDatabase === 'sqlite' ? null : freshPostgresUrl(E2E_PORTS.postgres);
const servers: WebServer[] = [];
const projects: NonNullable<PlaywrightTestConfig['projects']> = [];
if (onlyDatabase !== 'postgres') {
  servers.push(server(E2E_PORTS.sqlite, freshSqliteUrl(E2E_PORTS.sqlite), SIMULATOR_PORTS.sqlite));
  projects.push({ name: 'sqlite', use: { baseURL: `http://127.0.0.1:${E2E_PORTS.sqlite}` } });
}
if (postgresUrl) {
  servers.push(server(E2E_PORTS.postgres, postgresUrl, SIMULATOR_PORTS.postgres));
  projects.push({
    name: 'postgres',
    use: { baseURL: `http://127.0.0.1:${E2E_PORTS.postgres}` },
    // What only the browser decides (axe on every screen, compressed static files) runs once, on
    // the SQLite server: the database behind the pages changes neither.
    testIgnore: ['**/accessibility.spec.ts', '**/web-performance.spec.ts'],
  });
}

export default defineConfig({
  testDir: './specs',
  // Per port and database, like the databases: suites running side by side keep their artifacts.
  outputDir: join(tmpdir(), `tagih-e2e-results-${PORT}${onlyDatabase ? `-${onlyDatabase}` : ''}`),
  fullyParallel: false,
  workers: 1,
  // On CI one retry: a test that passes only on its retry is reported as flaky (npm test prints it),
  // so a rare timing hiccup on a loaded machine does not block a landing, and is still seen.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  globalTeardown: './global-teardown.ts',
  use: {
    // Recording a trace costs every test CPU (DOM snapshots, screencast). On CI a failure is
    // retried once, and that retry records it; locally every failure keeps one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The browser asks for reduced motion, which the app honours (apps/web/src/app/theme.ts): no
    // transitions, ripples or spinning, so no state is caught mid-animation and Chromium draws
    // far fewer frames (a spec 141 -> 107 s, CPU 263 -> 184 s on 2 cores). foundation.spec.ts
    // keeps the motion every other operator sees.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects,
  webServer: servers,
});
