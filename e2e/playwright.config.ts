import { defineConfig } from '@playwright/test';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One server on a fresh embedded database with demo data, started the way `npm start` does. */
const PORT = Number(process.env.E2E_PORT ?? 18080);
const dataDir = join(tmpdir(), `tagih-e2e-${PORT}`);
rmSync(dataDir, { recursive: true, force: true });

export const E2E = {
  baseURL: `http://127.0.0.1:${PORT}`,
  adminPassword: 'e2e-admin-pass',
  demoPassword: 'e2e-demo-pass',
};

export default defineConfig({
  testDir: './specs',
  // Per port, like the database: engineers running suites side by side keep their artifacts.
  outputDir: join(tmpdir(), `tagih-e2e-results-${PORT}`),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: E2E.baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: '..',
    url: `${E2E.baseURL}/api/docs/json`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dataDir, 'tagih.db')}`,
      ADMIN_PASSWORD: E2E.adminPassword,
      DEMO_PASSWORD: E2E.demoPassword,
      DEMO_DATA: 'true',
      BANK_SIM_PORT: String(PORT + 11),
      MERCHANT_SIM_PORT: String(PORT + 12),
      LOG_LEVEL: 'warn',
    },
  },
});
