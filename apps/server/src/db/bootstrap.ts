/**
 * What every entry point does first (the server's start, `npm run seed:demo`, bench/generate.ts):
 * open the configured database, migrate it and give it its base data (roles, permissions, an admin).
 */
import type { Config } from '../config.ts';
import { assertAdminPasswordAllowed } from '../security/password-rules.ts';
import { randomPassword } from '../security/tokens.ts';
import { openDatabase, type DatabaseOptions, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { demoMerchantBase } from './seed/demo-clients.ts';
import type { DemoMasterResult } from './seed/demo-master.ts';
import { seedBase, seedDemo, type BaseSeedResult } from './seed/index.ts';
import { ensureRollup } from './transaction-rollup.ts';

export interface OpenedDatabase {
  database: Db;
  /** Says whether the admin was created now, and its generated password if so (shown once). */
  base: BaseSeedResult;
}

/**
 * Migrates the database and builds the rollup in BUSINESS_TZ (rebuilt once when the zone is not
 * the one it was built in). Either can take minutes on a large database (migration 0015 rewrites
 * the VA details: bench/README.md), far above DB_STATEMENT_TIMEOUT_MS, which is for the screens'
 * queries: on PostgreSQL they run on a connection of their own without it. (SQLite has no
 * statement timeout.)
 */
export async function prepareSchema(
  database: Db,
  config: Config,
  options: Omit<DatabaseOptions, 'pool'> = {},
): Promise<void> {
  const maintenance =
    database.dialect === 'postgres'
      ? openDatabase(config.databaseUrl, {
          ...options,
          log: undefined,
          pool: { ...config.dbPool, size: 1, statementTimeoutMs: 0 },
          applicationName: 'tagih migrate',
        })
      : database;
  try {
    await migrateToLatest(maintenance.kysely);
    await ensureRollup(maintenance.kysely, config.businessTz);
  } finally {
    if (maintenance !== database) await maintenance.close();
  }
}

/**
 * `options`: what only the server adds (query metrics, where lost connections are logged).
 * Every check that can refuse the start runs before the admin is created: ADMIN_PASSWORD
 * against PASSWORD_POLICY before the database is even opened, `beforeSeed` (the caller's checks
 * that need the schema, e.g. the client secrets against the data key) after migrating. Under
 * PASSWORD_POLICY=pci the admin created now must change the password at the first sign-in.
 */
export async function openConfiguredDatabase(
  config: Config,
  now: Date,
  options: Omit<DatabaseOptions, 'pool'> = {},
  beforeSeed?: (database: Db) => Promise<void>,
): Promise<OpenedDatabase> {
  assertAdminPasswordAllowed(config);
  const database = openDatabase(config.databaseUrl, {
    ...options,
    pool: config.dbPool,
    sqliteReaders: config.sqliteReaders,
  });
  try {
    await prepareSchema(database, config, options);
    await beforeSeed?.(database);
    const base = await seedBase(database.kysely, {
      adminUsername: config.adminUsername,
      adminPassword: config.adminPassword,
      adminMustChangePassword: config.passwordPolicy === 'pci',
      now: now.toISOString(),
    });
    return { database, base };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/** DEMO_PASSWORD, or a random password that the caller shows once. */
export const demoPasswordOf = (config: Config): string => config.demoPassword ?? randomPassword();

/**
 * The demo data, its clients calling back the demo merchant on MERCHANT_SIM_PORT; nothing when
 * already there. Under PASSWORD_POLICY=pci the demo users, like the admin, must change the
 * seeded password at the first sign-in.
 */
export function seedConfiguredDemo(
  database: Db,
  config: Config,
  now: Date,
  demoPassword: string,
): Promise<DemoMasterResult> {
  const ctx = {
    db: database.kysely,
    now,
    businessTz: config.businessTz,
    merchantCallbackBase: demoMerchantBase(config.merchantSimPort),
  };
  return seedDemo(ctx, demoPassword, { mustChangePassword: config.passwordPolicy === 'pci' });
}
