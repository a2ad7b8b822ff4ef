/**
 * A real app over a fresh, migrated and seeded database for each test context:
 * SQLite in memory always (a copy of one prepared per file); on TEST_DATABASE_URL's PostgreSQL
 * when set, a database of its own (a copy of one prepared per worker).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Clock } from '../../src/clock.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import {
  openDatabase,
  type DatabaseOptions,
  type Db,
  type Dialect,
} from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedBase, seedDemo } from '../../src/db/seed/index.ts';
import type { AppDeps } from '../../src/deps.ts';

export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export const ADMIN = { username: 'admin', password: 'admin-pass-1' };
export const DEMO_PASSWORD = 'demo-pass-1';
export const ADMIN_USER = { username: 'rina', password: DEMO_PASSWORD };
export const STAFF_USER = { username: 'budi', password: DEMO_PASSWORD };
export const USER_IDS = {
  admin: 'admin@tagih.id',
  rina: 'rina.admin@tagih.id',
  budi: 'budi.staff@tagih.id',
} as const;

export class TestClock implements Clock {
  private current: Date;
  constructor(start = new Date('2026-11-20T03:00:00.000Z')) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
  set(at: Date): void {
    this.current = new Date(at);
  }
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  deps: AppDeps;
  clock: TestClock;
  config: Config;
  /** Signs in and returns the token (throws on failure). */
  login(user?: { username: string; password: string }): Promise<string>;
  /** Signs in and selects a company. */
  loginWithCompany(user: { username: string; password: string }, compId: number): Promise<string>;
  inject(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestOptions {
  demo?: boolean;
  config?: Partial<Config>;
  loginRateLimit?: AppDeps['loginRateLimit'];
  /** Routes a test adds before the app is ready. */
  extraRoutes?: (app: FastifyInstance) => void;
  /** The app's metrics (pass the same object's logQuery as database.log to see query durations). */
  metrics?: AppDeps['metrics'];
  /** Opens and seals secrets at rest (client secrets, two-factor secrets); none by default. */
  secretBox?: AppDeps['secretBox'];
  /** Banks that may call /snap (modules/snap/caller/partners.ts). */
  snapPartners?: AppDeps['snapPartners'];
  /** Pool settings, application name (PostgreSQL), query log. */
  database?: Omit<DatabaseOptions, 'pgSchema'>;
  /** The live streams' heartbeat (modules/live/hub.ts); default LIVE_STREAM.heartbeatMs. */
  liveHeartbeatMs?: number;
}

/** One statement on the worker's PostgreSQL database (CREATE and DROP DATABASE cannot run in a transaction). */
async function onPostgres(statement: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL with another database name (the worker's own, worker-database.ts, is the prefix of every name made here). */
function postgresUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

const workerDatabase = () => new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1);

/**
 * The server's and the contract's source, hashed: a template made before any of it changed (a
 * migration, a seed, what they import) is never reused. Read once per test file (~200 files, ms).
 */
let fingerprint: string | undefined;
function sourceFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256');
  for (const dir of ['../../src/', '../../../../packages/contract/src/']) {
    const root = new URL(dir, import.meta.url);
    for (const name of (readdirSync(root, { recursive: true }) as string[])
      .filter((n) => n.endsWith('.ts'))
      .sort()) {
      hash.update(name).update(readFileSync(new URL(name, root)));
    }
  }
  fingerprint = hash.digest('hex').slice(0, 16);
  return fingerprint;
}

/** The promise made once per key (kept while it succeeds; a failed one is made again next time). */
function once<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let made = cache.get(key);
  if (!made) {
    made = make();
    cache.set(key, made);
    made.catch(() => cache.delete(key));
  }
  return made;
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * PostgreSQL: a migrated and seeded database per worker and what the seeds depend on, made once
 * and kept for the worker's later files (by name), which every context copies (CREATE DATABASE
 * ... TEMPLATE: ~50–150 ms, where migrating and seeding a fresh schema took ~650 ms). Made under
 * a temporary name and renamed when complete, so a half-made one is never copied.
 */
function postgresTemplate(demo: boolean, businessTz: string, now: Date): Promise<string> {
  const key = createHash('sha256')
    .update(`${demo}|${businessTz}|${now.toISOString()}|${sourceFingerprint()}`)
    .digest('hex')
    .slice(0, 12);
  const name = `${workerDatabase()}_tpl_${key}`;
  return once(postgresTemplates, name, async () => {
    const found = (await onPostgres(`select 1 from pg_database where datname = '${name}'`)) as {
      rowCount: number;
    };
    if (found.rowCount > 0) return name;
    const making = `${workerDatabase()}_tmp_${randomBytes(6).toString('hex')}`;
    await onPostgres(`create database "${making}"`);
    const db = openDatabase(postgresUrl(making));
    try {
      await prepareDatabase(db, demo, businessTz, now);
    } finally {
      await db.close();
    }
    await onPostgres(`alter database "${making}" rename to "${name}"`);
    return name;
  });
}

async function openPostgresCopy(
  template: string,
  options: Omit<DatabaseOptions, 'pgSchema'>,
): Promise<{ db: Db; drop: () => Promise<void> }> {
  const name = `${workerDatabase()}_c_${randomBytes(6).toString('hex')}`;
  await onPostgres(`create database "${name}" template "${template}"`);
  return {
    db: openDatabase(postgresUrl(name), options),
    drop: async () => {
      await onPostgres(`drop database if exists "${name}" with (force)`);
    },
  };
}

/** Migrated, with the Superadmin, and the demo data unless `demo` is false. */
async function prepareDatabase(
  db: Db,
  demo: boolean,
  businessTz: string,
  now: Date,
): Promise<void> {
  await migrateToLatest(db.kysely, db.schema);
  await seedBase(db.kysely, {
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    now: now.toISOString(),
  });
  if (demo) await seedDemo({ db: db.kysely, now, businessTz }, DEMO_PASSWORD);
}

/**
 * SQLite: each test file prepares its database once (migrations, seeds: ~0.4 s) and every
 * context starts as an in-memory copy of it (milliseconds). Keyed by what the seeds depend on.
 */
const sqliteImages = new Map<string, Promise<Uint8Array>>();

function preparedSqliteImage(demo: boolean, businessTz: string, now: Date): Promise<Uint8Array> {
  const key = `${demo}|${businessTz}|${now.toISOString()}`;
  return once(sqliteImages, key, async () => {
    const db = openDatabase('sqlite::memory:');
    try {
      await prepareDatabase(db, demo, businessTz, now);
      return await db.serialize!();
    } finally {
      await db.close();
    }
  });
}

async function openTestDatabase(
  dialect: Dialect,
  demo: boolean,
  businessTz: string,
  now: Date,
  options: Omit<DatabaseOptions, 'pgSchema'> = {},
): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const sqliteImage = await preparedSqliteImage(demo, businessTz, now);
    return {
      db: openDatabase('sqlite::memory:', { ...options, sqliteImage }),
      drop: async () => {},
    };
  }
  return openPostgresCopy(await postgresTemplate(demo, businessTz, now), options);
}

export async function createTestContext(
  dialect: Dialect,
  options: TestOptions = {},
): Promise<TestContext> {
  const clock = new TestClock();
  const config: Config = { ...loadConfig({}), databaseUrl: 'sqlite::memory:', ...options.config };
  const { db, drop } = await openTestDatabase(
    dialect,
    options.demo !== false,
    config.businessTz,
    clock.now(),
    options.database,
  );

  const deps: AppDeps = {
    db: db.kysely,
    dialect: db.dialect,
    config,
    clock,
    loginRateLimit: options.loginRateLimit ?? { max: 1000, timeWindowMs: 60_000 },
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.secretBox ? { secretBox: options.secretBox } : {}),
    ...(options.snapPartners ? { snapPartners: options.snapPartners } : {}),
    ...(options.liveHeartbeatMs ? { liveHeartbeatMs: options.liveHeartbeatMs } : {}),
  };
  const app = await buildApp(deps, { webRoot: null });
  options.extraRoutes?.(app);
  await app.ready();

  const inject: TestContext['inject'] = ({ token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { ...(headers ?? {}), ...(token ? { authentication: token } : {}) },
    });

  const login: TestContext['login'] = async (user = ADMIN) => {
    const res = await inject({
      method: 'POST',
      url: '/api/security/authentication/login',
      payload: { username: user.username, password: user.password },
    });
    if (res.statusCode !== 200)
      throw new Error(`login ${user.username} failed: ${res.statusCode} ${res.body}`);
    return res.json().data.token as string;
  };

  return {
    app,
    db,
    deps,
    clock,
    config,
    login,
    inject,
    async loginWithCompany(user, compId) {
      const token = await login(user);
      const res = await inject({
        method: 'POST',
        url: `/api/security/Authentication/SetCompany/${compId}`,
        token,
      });
      if (res.statusCode !== 200) throw new Error(`SetCompany ${compId} failed: ${res.body}`);
      return token;
    },
    async close() {
      await app.close();
      await db.close();
      await drop();
    },
  };
}

/** Company ids of the demo data, by name. */
export async function companyId(ctx: TestContext, name: string): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('companies')
    .select('compId')
    .where('compName', '=', name)
    .executeTakeFirstOrThrow();
  return row.compId;
}
