/** Start: read config, open the database, migrate, seed when asked, listen. */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { purgeStaleLoginRates } from './modules/auth/login-rate-limit.ts';
import { purgeEndedSessions } from './modules/auth/service.ts';
import { installAuditKeys } from './modules/audit/chain-key.ts';
import { publishAuditCheckpoint } from './modules/audit/checkpoint.ts';
import { markAuditKey, purgeExpiredAudit } from './modules/audit/service.ts';
import { deactivateInactiveUsers } from './modules/master/users/inactivity.ts';
import { purgeStaleThrottles } from './modules/transactions/actions/throttle.ts';
import { DEFAULT_BULK_TICK_MS } from './modules/bulk-actions/worker.ts';
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { demoPasswordOf, openConfiguredDatabase, seedConfiguredDemo } from './db/bootstrap.ts';
import { LOOPBACK, billAmount, clientSecret, hasDemoClients } from './db/seed/demo-clients.ts';
import type { AppDeps } from './deps.ts';
import { loadBankConfigFile } from './integrations/bank/config-file.ts';
import { DEFAULT_BANK_TIMEOUT_MS, SnapBankGateway } from './integrations/bank/snap-gateway.ts';
import { SnapStatementSource } from './integrations/bank/statement-client.ts';
import { demoBankBook } from './demo/demo-bank-book.ts';
import { DEMO_PULL_AT, runFirstDemoPull } from './modules/recon/pull/pull-schedule.ts';
import { cleanAbandonedImports } from './modules/recon/import-cleanup.ts';
import { partnersOfBanks } from './modules/snap/caller/partners.ts';
import {
  demoAllowedHosts,
  ownUrl,
  startDemoSimulators,
  writeDemoBankKeys,
  type DemoSimulators,
} from './demo/demo-simulators.ts';
import {
  DEMO_TRAFFIC_ACTOR,
  quietDemoTraffic,
  startConfiguredDemoTraffic,
} from './demo/demo-traffic.ts';
import { issueApiAccess } from './modules/snap/merchant-access/merchant-access.ts';
import { instrumentBankGateway } from './ops/bank-metrics.ts';
import { createLogger } from './ops/logger.ts';
import { AppMetrics } from './ops/metrics.ts';
import { announceStart, START_LOG_FILE } from './ops/start-banner.ts';
import { failStart, logCrashes } from './ops/start-failure.ts';
import { openClientSecret, prepareClientSecrets } from './security/client-secrets.ts';
import { assertDataKeyAvailable, loadDataKeys, type DataKeys } from './security/data-key.ts';

/** Ended sessions, stale sign-in failure counts and audit events past retention are dropped this often, and the audit head checkpointed. */
const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
/** Retry ticks of the notification worker. */
const WORKER_INTERVAL_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  logCrashes(log);
  const metrics = new AppMetrics();
  const now = systemClock.now();
  // Every check that can refuse the start runs before anything is written (ADMIN_PASSWORD: in openConfiguredDatabase).
  // Production PostgreSQL without DATA_KEY stops here, before the database is opened (security/data-key.ts).
  assertDataKeyAvailable(config);
  const configuredBanks = config.bankConfigFile ? loadBankConfigFile(config.bankConfigFile) : null;
  let loadedKeys: DataKeys | undefined;
  const { database, base } = await openConfiguredDatabase(
    config,
    now,
    {
      log: metrics.logQuery,
      onConnectionLost: (err) =>
        log.warn({ err }, 'PostgreSQL connection lost; the next query opens a new one'),
    },
    // Once the database opens: a key file that cannot be used, or a stored client secret no key opens, stops the start before the admin is created.
    async (opened) => {
      loadedKeys = loadDataKeys(config);
      await prepareClientSecrets(opened.kysely, loadedKeys.box);
    },
  );
  const keys = loadedKeys;
  if (!keys) throw new Error('the data key was not loaded');
  metrics.watchDatabase(database);
  if (keys.generated)
    log.info(
      `Data key generated in ${keys.file} (mode 0600; DATA_KEY is not set): back it up apart from the database, the client secrets cannot be read without it`,
    );
  if (keys.warning) log.warn(keys.warning);
  // The audit chain is signed under a key derived from the data key (modules/audit/chain-key.ts).
  installAuditKeys(keys.box);
  const lines: string[] = [];
  if (base.generatedAdminPassword) {
    lines.push(
      `  superadmin: ${base.adminUsername} / ${base.generatedAdminPassword}   (generated now, kept in ${START_LOG_FILE} — set ADMIN_PASSWORD to choose)`,
    );
  } else {
    lines.push(
      `  superadmin: ${base.adminUsername} / ${config.adminPassword ? '(ADMIN_PASSWORD)' : `(printed at the first start, kept in ${START_LOG_FILE}; lost: npm run user:reset-password -- ${base.adminUsername})`}`,
    );
  }

  const wantDemo = config.demoData ?? database.isNewEmbedded;
  let demoCreated = false;
  if (wantDemo) {
    const demoPassword = demoPasswordOf(config);
    const demo = await seedConfiguredDemo(database, config, now, demoPassword);
    demoCreated = demo.created;
    // A password from the environment is never printed; a generated one once, when it is set.
    const shown = config.demoPassword
      ? '(DEMO_PASSWORD)'
      : demo.created
        ? demoPassword
        : `(printed at the first start, kept in ${START_LOG_FILE})`;
    for (const u of demo.users)
      lines.push(`  ${u.label.toLowerCase().padEnd(10)}: ${u.username} / ${shown}`);
  }

  // Client secrets at rest: plain ones (the demo's too) sealed now.
  const secrets = await prepareClientSecrets(database.kysely, keys.box);
  if (secrets.older > 0)
    log.warn(
      `${secrets.older} client secret(s) are still under DATA_KEY_PREVIOUS: run npm run data-key:rotate`,
    );

  // Demo: the bank simulator and the demo merchant, in-process on loopback (SIMULATORS=auto|on|off).
  let simulators: DemoSimulators | null = null;
  // The port the server listens on (PORT=0 picks one at listen): the simulated banks call /snap there.
  let listeningPort = config.port;
  const wantSimulators =
    config.simulators === 'on' ||
    (config.simulators === 'auto' &&
      (wantDemo || (await hasDemoClients(database.kysely, config.merchantSimPort))));
  if (wantSimulators) {
    try {
      simulators = await startDemoSimulators({
        host: LOOPBACK,
        bankPort: config.bankSimPort,
        merchantPort: config.merchantSimPort,
        clientSecret: async (clntid) => {
          const stored = await clientSecret(database.kysely, clntid);
          return stored === undefined ? undefined : openClientSecret(keys.box, stored);
        },
        billAmount: (key) => billAmount(database.kysely, key),
        book: demoBankBook(database.kysely),
        tagihUrl: () => ownUrl(config.host, listeningPort),
      });
      lines.push(
        `  bank simulator: ${simulators.bankUrl}   demo merchant: ${simulators.merchantUrl}`,
      );
    } catch (error) {
      log.warn(
        `Demo simulators not started (${(error as Error).message}); set BANK_SIM_PORT / MERCHANT_SIM_PORT to free ports.`,
      );
    }
  }
  if (simulators && config.demoBankKeysFile) {
    try {
      writeDemoBankKeys(config.demoBankKeysFile, simulators.bankKeys);
      lines.push(`  demo banks' /snap credentials: ${config.demoBankKeysFile}`);
    } catch (error) {
      log.warn(`DEMO_BANK_KEYS_FILE not written (${(error as Error).message})`);
    }
  }
  const banks = configuredBanks ?? simulators?.banks ?? [];
  // RECON_PULL_AT unset: the daily statement pull is on in demo mode (at DEMO_PULL_AT), off otherwise.
  const pullAt =
    config.reconPullAt === undefined ? (wantDemo ? DEMO_PULL_AT : null) : config.reconPullAt;
  const statementBanks = banks.filter((b) => b.accounts?.length);
  const deps: AppDeps = {
    db: database.kysely,
    dialect: database.dialect,
    config: {
      ...config,
      // API_DOCS unset: the docs are on in demo mode (demo data seeded now, or demo clients found: the simulators' rule).
      apiDocs: config.apiDocs ?? (wantDemo || wantSimulators),
      ...(simulators
        ? { merchantAllowedHosts: demoAllowedHosts(config.merchantAllowedHosts, simulators) }
        : {}),
    },
    secretBox: keys.box,
    clock: systemClock,
    metrics,
    snapPartners: partnersOfBanks(banks),
    ...(banks.length > 0
      ? {
          bankGateway: instrumentBankGateway(
            new SnapBankGateway(banks, { timeZone: config.businessTz }),
            metrics,
          ),
        }
      : {}),
    ...(statementBanks.length > 0
      ? {
          bankStatements: new SnapStatementSource(statementBanks, {
            timeoutMs: DEFAULT_BANK_TIMEOUT_MS,
            timeZone: config.businessTz,
            now: () => systemClock.now(),
          }),
        }
      : {}),
    ...(statementBanks.length > 0 && pullAt ? { statementPull: { at: pullAt } } : {}),
    ...(config.notificationWorker
      ? { notificationWorker: { intervalMs: WORKER_INTERVAL_MS } }
      : {}),
    bulkWorker: { intervalMs: DEFAULT_BULK_TICK_MS },
    ...(config.expiryIntervalMs !== null
      ? { expiryWorker: { intervalMs: config.expiryIntervalMs } }
      : {}),
  };
  // Demo traffic (DEMO_TRAFFIC): the simulated banks and demo merchants over /snap, once the server listens; its routine log lines left out.
  const wantTraffic =
    simulators !== null && configuredBanks === null && config.demoTrafficPerMinute !== null;
  const demoClientIds = new Set<string>();
  const app = await buildApp(deps, {
    logger: log,
    ...(wantTraffic ? { quietRequest: quietDemoTraffic(demoClientIds) } : {}),
  });
  // The chain's first event under this data key names the head before it; then a signed checkpoint of the head.
  await markAuditKey(deps);
  await publishAuditCheckpoint(deps, log);
  // A new demo: the demo banks' statements of yesterday pulled now, so every break category shows at once.
  if (demoCreated && simulators && deps.bankStatements) {
    const pulled = await runFirstDemoPull(deps, (error) =>
      log.warn({ err: error }, 'Demo statement pull failed'),
    );
    if (pulled.length > 0)
      lines.push(`  statements pulled: ${pulled.length} (breaks on Rekonsiliasi)`);
  }
  const housekeeping = setInterval(() => {
    purgeEndedSessions(deps).catch((error: unknown) => app.log.error(error));
    purgeExpiredAudit(deps)
      .then(() => publishAuditCheckpoint(deps, log))
      .catch((error: unknown) => app.log.error(error));
    purgeStaleThrottles(deps).catch((error: unknown) => app.log.error(error));
    cleanAbandonedImports(deps).catch((error: unknown) => app.log.error(error));
    purgeStaleLoginRates(deps).catch((error: unknown) => app.log.error(error));
    deactivateInactiveUsers(deps).catch((error: unknown) => app.log.error(error));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  let traffic: Awaited<ReturnType<typeof startConfiguredDemoTraffic>> = null;
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    // SIGTERM: readiness turns 503 and the retry worker claims nothing more at once (preClose);
    // requests and merchant sends in flight finish, at most SHUTDOWN_GRACE_SECONDS, then we exit.
    const graceMs = config.shutdownGraceSeconds * 1000;
    setTimeout(() => {
      log.warn(
        `Shutdown took longer than SHUTDOWN_GRACE_SECONDS=${config.shutdownGraceSeconds}; exiting now`,
      );
      process.exit(1);
    }, graceMs + 1000).unref();
    clearInterval(housekeeping);
    await traffic?.stop();
    await app.close();
    await simulators?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  listeningPort = (app.server.address() as AddressInfo).port;
  if (wantTraffic && simulators && config.demoTrafficPerMinute !== null) {
    try {
      traffic = await startConfiguredDemoTraffic({
        deps,
        simulators,
        perMinute: config.demoTrafficPerMinute,
        tagihUrl: ownUrl(config.host, listeningPort),
        quietClientIds: demoClientIds,
        // The demo merchants' API access, through the service behind POST /api/master/client/{clntid}/snap-credentials.
        issueAccess: (clntid, publicKey) =>
          issueApiAccess(deps, DEMO_TRAFFIC_ACTOR, clntid, { publicKey }),
        report: (problem) => log.warn(`Demo traffic: ${problem}`),
      });
      if (traffic)
        lines.push(
          `  demo traffic: ${config.demoTrafficPerMinute} bills a minute over /snap (DEMO_TRAFFIC=off stops it)`,
        );
    } catch (error) {
      log.warn(`Demo traffic not started (${(error as Error).message})`);
    }
  }
  const address = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  announceStart(log, {
    address,
    lines,
    apiDocs: deps.config.apiDocs === true,
    logFile: START_LOG_FILE,
  });
}

main().catch((error: unknown) => failStart(error));
