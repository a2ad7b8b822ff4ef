/** Start: read config, open the database, migrate, seed when asked, listen. */
import { buildApp } from './app.ts';
import { purgeEndedSessions } from './modules/auth/service.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedBase, seedDemo } from './db/seed/index.ts';
import { randomPassword } from './security/tokens.ts';
import type { AppDeps } from './deps.ts';
import { loadBankConfigFile } from './integrations/bank/config-file.ts';
import { SnapBankGateway } from './integrations/bank/snap-gateway.ts';
import { LOOPBACK, hasDemoClients, startDemoSimulators, type DemoSimulators } from './integrations/demo-simulators.ts';

/** Ended sessions and stale sign-in failure counts are dropped this often. */
const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
/** Retry ticks of the notification worker. */
const WORKER_INTERVAL_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database.kysely);

  const now = systemClock.now();
  const base = await seedBase(database.kysely, { adminUsername: config.adminUsername, adminPassword: config.adminPassword, now: now.toISOString() });
  const lines: string[] = [];
  if (base.generatedAdminPassword) {
    lines.push(`  superadmin: ${base.adminUsername} / ${base.generatedAdminPassword}   (generated now; shown once — set ADMIN_PASSWORD to choose)`);
  } else {
    lines.push(`  superadmin: ${base.adminUsername} / ${config.adminPassword ? '(ADMIN_PASSWORD)' : '(the password printed at first start)'}`);
  }

  const wantDemo = config.demoData ?? database.isNewEmbedded;
  if (wantDemo) {
    const demoPassword = config.demoPassword ?? randomPassword();
    const demo = await seedDemo({ db: database.kysely, now, businessTz: config.businessTz, merchantCallbackBase: `http://${LOOPBACK}:${config.merchantSimPort}` }, demoPassword);
    const shown = demo.created ? demoPassword : config.demoPassword ? '(DEMO_PASSWORD)' : '(the password printed at first start)';
    for (const u of demo.users) lines.push(`  ${u.label.toLowerCase().padEnd(10)}: ${u.username} / ${shown}`);
  }

  // Demo: the bank simulator and the demo merchant, in-process on loopback (SIMULATORS=auto|on|off).
  let simulators: DemoSimulators | null = null;
  const wantSimulators = config.simulators === 'on' || (config.simulators === 'auto' && (wantDemo || (await hasDemoClients(database.kysely, config))));
  if (wantSimulators) {
    try {
      simulators = await startDemoSimulators(database.kysely, config);
      lines.push(`  bank simulator: ${simulators.bankUrl}   demo merchant: ${simulators.merchantUrl}`);
    } catch (error) {
      console.warn(`Demo simulators not started (${(error as Error).message}); set BANK_SIM_PORT / MERCHANT_SIM_PORT to free ports.`);
    }
  }
  const banks = config.bankConfigFile ? loadBankConfigFile(config.bankConfigFile) : (simulators?.banks ?? []);
  const deps: AppDeps = {
    db: database.kysely,
    dialect: database.dialect,
    config: simulators ? { ...config, merchantAllowedHosts: [...config.merchantAllowedHosts, LOOPBACK] } : config,
    clock: systemClock,
    ...(banks.length > 0 ? { bankGateway: new SnapBankGateway(banks, { timeZone: config.businessTz }) } : {}),
    ...(config.notificationWorker ? { notificationWorker: { intervalMs: WORKER_INTERVAL_MS } } : {}),
  };
  const app = await buildApp(deps, { logger: true });
  const housekeeping = setInterval(() => {
    purgeEndedSessions(deps).catch((error: unknown) => app.log.error(error));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  const close = async () => {
    clearInterval(housekeeping);
    await app.close();
    await simulators?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  const address = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  console.log(`\nTagih is running at ${address}  (API docs: ${address}/api/docs)\nSign in with:\n${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
