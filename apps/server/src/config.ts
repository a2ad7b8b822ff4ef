/** The environment, read once and validated at start; typed afterwards. */
import { isIP } from 'node:net';
import { z } from 'zod';
import {
  DEFAULT_BUSINESS_TZ,
  DEFAULT_PASSWORD_POLICY,
  PASSWORD_POLICIES,
  RECON_EXPECTED_DAYS_DEFAULT,
  WORK_QUEUE_DEFAULTS,
  type PasswordPolicy,
} from '@tagih/contract';
import { POOL_DEFAULTS, type PoolSettings } from './db/postgres-pool.ts';
import { isAllowedHostEntry } from './integrations/merchant/address-guard.ts';
import { parseDataKey } from './security/secret-box.ts';

const boolFromEnv = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const databaseUrl = z
  .string()
  .refine((v) => v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v), {
    message: "must be 'sqlite:<path>' or 'postgres://…'",
  });

const timeZone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as Asia/Jakarta');

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

/** MERCHANT_ALLOWED_HOSTS: `host` (any port) or `host:port`; IPv6 as `[::1]:8092` or bare `::1`. */
const allowedHosts = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((entries) => entries.every(isAllowedHostEntry), {
    message: "must be a comma-separated list of 'host' or 'host:port' (IPv6 as '[::1]:8092')",
  });

/** A proxy address (`10.0.0.5`), a CIDR (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return (
    prefix === undefined ||
    (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
  );
}

/** TRUST_PROXY: off, or the proxies whose X-Forwarded-For is believed (addresses, CIDRs, or proxy-addr's names). */
const trustProxy = z
  .string()
  .transform((v) =>
    /^(off|false|0)$/i.test(v.trim())
      ? []
      : v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
  )
  .refine((entries) => entries.every(isProxyEntry), {
    message:
      "must be 'off' or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.5,10.1.0.0/16)",
  });

/** DATA_KEY, DATA_KEY_PREVIOUS: 32 bytes, base64 or hex. */
const dataKey = z.string().transform((v, ctx) => {
  try {
    return parseDataKey(v);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

/** LOGIN_RATE_LIMIT: sign-ins per client address, `30` (a minute) or `30/minute`, `5/second`, `500/hour`. */
const WINDOWS_MS: Record<string, number> = {
  second: 1000,
  sec: 1000,
  s: 1000,
  minute: 60_000,
  min: 60_000,
  m: 60_000,
  hour: 3_600_000,
  h: 3_600_000,
};
const loginRateLimit = z.string().transform((v, ctx) => {
  const match = /^\s*(\d{1,6})\s*(?:\/\s*([a-z]+)\s*)?$/i.exec(v);
  const max = match ? Number(match[1]) : 0;
  const windowMs = match
    ? match[2] === undefined
      ? 60_000
      : WINDOWS_MS[match[2].toLowerCase()]
    : undefined;
  if (!match || max < 1 || windowMs === undefined) {
    ctx.addIssue({
      code: 'custom',
      message:
        "must be a number of sign-ins per minute per address (e.g. 30) or '<n>/second|minute|hour' (e.g. 30/minute)",
    });
    return z.NEVER;
  }
  return { max, timeWindowMs: windowMs };
});

/** EXPIRY_INTERVAL_SECONDS: how often unpaid bills past their expiry are marked Kadaluarsa, or 'off'. */
const expiryInterval = z.string().transform((v, ctx) => {
  const text = v.trim().toLowerCase();
  if (text === 'off') return null;
  const seconds = /^\d{1,6}$/.test(text) ? Number(text) : 0;
  if (seconds < 1 || seconds > 86_400) {
    ctx.addIssue({
      code: 'custom',
      message: "must be a number of seconds from 1 to 86400 (e.g. 60) or 'off'",
    });
    return z.NEVER;
  }
  return seconds * 1000;
});

/** DEMO_TRAFFIC: bills the demo merchants open per minute in demo mode (0.1 to 600), or 'off'. */
const demoTraffic = z.string().transform((v, ctx) => {
  const text = v.trim().toLowerCase();
  if (text === 'off') return null;
  const perMinute = /^\d{1,3}(\.\d{1,2})?$/.test(text) ? Number(text) : 0;
  if (perMinute < 0.1 || perMinute > 600) {
    ctx.addIssue({
      code: 'custom',
      message: "must be a number of bills per minute from 0.1 to 600 (e.g. 4) or 'off'",
    });
    return z.NEVER;
  }
  return perMinute;
});

const redisUrl = z.string().refine((v) => /^rediss?:\/\/[^\s]+$/.test(v), {
  message: "must be 'redis://host:port[/db]' or 'rediss://…'",
});

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: databaseUrl.default('sqlite:./data/tagih.db'),
    ADMIN_USERNAME: z.string().min(3).max(50).default('admin'),
    ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(50).optional(),
    DEMO_DATA: boolFromEnv.optional(),
    DEMO_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(50).optional(),
    BUSINESS_TZ: timeZone.default(DEFAULT_BUSINESS_TZ),
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(15),
    SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
    MERCHANT_ALLOWED_HOSTS: allowedHosts.default([]),
    BANK_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8091),
    MERCHANT_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8092),
    SIMULATORS: z.enum(['auto', 'on', 'off']).default('auto'),
    BANK_CONFIG_FILE: z.string().optional(),
    NOTIFICATION_WORKER: boolFromEnv.default(true),
    AUDIT_RETENTION_DAYS: z.coerce.number().int().positive().default(400),
    ACTION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
    ACTION_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(10),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(POOL_DEFAULTS.size),
    DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(POOL_DEFAULTS.acquireTimeoutMs),
    DB_STATEMENT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(POOL_DEFAULTS.statementTimeoutMs),
    DB_PARALLEL_WORKERS: z.coerce
      .number()
      .int()
      .min(0)
      .max(64)
      .default(POOL_DEFAULTS.parallelWorkers),
    SQLITE_READERS: z.coerce.number().int().min(0).max(16).default(3),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    API_DOCS: onOff.optional(),
    TRUST_PROXY: trustProxy.default([]),
    DATA_KEY: dataKey.optional(),
    DATA_KEY_PREVIOUS: dataKey.optional(),
    MFA_REQUIRED_ROLES: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((ids) => ids.every((id) => /^\d+$/.test(id) && Number(id) > 0), {
        message: 'must be a comma-separated list of role ids (e.g. 1,2)',
      })
      .transform((ids) => ids.map(Number))
      .default([]),
    PASSWORD_POLICY: z.enum(PASSWORD_POLICIES).default(DEFAULT_PASSWORD_POLICY),
    INACTIVE_DISABLE_DAYS: z.coerce.number().int().min(0).max(36_500).default(90),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
    WORKER_PER_MERCHANT: z.coerce.number().int().min(1).max(256).default(2),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
    LOGIN_RATE_LIMIT: loginRateLimit.default({ max: 30, timeWindowMs: 60_000 }),
    REDIS_URL: redisUrl.optional(),
    NEEDS_INQUIRY_AFTER_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(525_600)
      .default(WORK_QUEUE_DEFAULTS.needsInquiryAfterMinutes),
    BULK_MAX_ITEMS: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(WORK_QUEUE_DEFAULTS.maxItems),
    BULK_JOBS_PER_USER: z.coerce.number().int().min(1).max(1000).default(2),
    BULK_BANK_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(WORK_QUEUE_DEFAULTS.bankPerMinute),
    BULK_MERCHANT_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(WORK_QUEUE_DEFAULTS.merchantPerMinute),
    BULK_REPEAT_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_080)
      .default(WORK_QUEUE_DEFAULTS.repeatWindowMinutes),
    EXACT_COUNT_LIMIT: z.coerce.number().int().min(100).max(10_000_000).default(5_000),
    EXPIRY_INTERVAL_SECONDS: expiryInterval.default(60_000),
    LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
    SNAP_CALLS_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(300),
    SNAP_FAILED_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
    DEMO_BANK_KEYS_FILE: z.string().min(1).optional(),
    DEMO_TRAFFIC: demoTraffic.default(4),
    RECON_EXPECTED_DAYS: z.coerce
      .number()
      .int()
      .min(0)
      .max(30)
      .default(RECON_EXPECTED_DAYS_DEFAULT),
    RECON_PULL_AT: z
      .string()
      .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be HH:MM (business time) or off')
      .optional(),
  })
  .refine((e) => e.WORKER_PER_MERCHANT <= e.WORKER_CONCURRENCY, {
    message: 'must not be more than WORKER_CONCURRENCY',
    path: ['WORKER_PER_MERCHANT'],
  });

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  adminUsername: string;
  adminPassword: string | undefined;
  /** undefined = decide by the database: true on a new embedded database. */
  demoData: boolean | undefined;
  demoPassword: string | undefined;
  businessTz: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Hosts (`host` = any port, `host:port` = that port) merchant callbacks may reach although they are internal. */
  merchantAllowedHosts: string[];
  /** The OpenAPI page at /api/docs; undefined = on when demo data is on (main.ts decides). */
  apiDocs: boolean | undefined;
  /** Proxies whose X-Forwarded-For sets request.ip (addresses or CIDRs); empty = trust none. */
  trustProxy: string[];
  /** Key of the secrets stored in the database (AES-256-GCM); undefined = the key file (embedded database). */
  dataKey: Buffer | undefined;
  /** The key before the last rotation: still opens what it sealed. */
  dataKeyPrevious: Buffer | undefined;
  logLevel: string;
  /** Demo bank simulator and merchant receiver (loopback). */
  bankSimPort: number;
  merchantSimPort: number;
  /** 'auto': start the simulators when the database holds demo data. */
  simulators: 'auto' | 'on' | 'off';
  /** JSON file with the SNAP BI settings per bank (production). */
  bankConfigFile: string | undefined;
  /** Retry undelivered merchant notifications in this process. */
  notificationWorker: boolean;
  /** Audit events older than this many days are purged by the hourly housekeeping (a checkpoint stays). */
  auditRetentionDays: number;
  /** Inquiry and Notif: at most this many per user per minute (each action counted apart). */
  actionRateLimitPerMinute: number;
  /** Inquiry and Notif: at most one per transaction in this many seconds (0: only one at a time). */
  actionMinIntervalSeconds: number;
  /**
   * PostgreSQL connections: pool size, wait for a free one, server-side statement timeout (0 =
   * none), parallel workers a query may use (db/postgres-pool.ts, POOL_DEFAULTS, says why 0).
   */
  dbPool: PoolSettings;
  /** Query-only SQLite reader threads beside the writer thread (file databases). */
  sqliteReaders: number;
  /** Bearer token of GET /api/metrics; the route answers 404 without one. */
  metricsToken: string | undefined;
  /** Retry worker: merchant sends in flight at once in this process, and at most this many to one merchant. */
  workerConcurrency: number;
  workerPerMerchant: number;
  /** At SIGTERM: how long the sends in flight (and requests) may take to finish before the process exits. */
  shutdownGraceSeconds: number;
  /** Sign-ins per client address per window, counted for all server processes together. */
  loginRateLimit: { max: number; timeWindowMs: number };
  /** When set, the sign-in limit is counted in Redis (else in the database). */
  redisUrl: string | undefined;
  /** Role ids whose users must sign in with two-factor: without it they can only enrol (MFA_REQUIRED_ROLES). */
  mfaRequiredRoles: number[];
  /** 'spec' (spec §5) or 'pci' (PCI DSS 8.3: length, history, common list, expiry, change after a reset); PASSWORD_POLICY. */
  passwordPolicy: PasswordPolicy;
  /** The housekeeping deactivates users who have not signed in for this many days (0 = never); INACTIVE_DISABLE_DAYS. */
  inactiveDisableDays: number;
  /** Work queue: an unpaid transaction not asked about for this many minutes needs attention (NEEDS_INQUIRY_AFTER_MINUTES). */
  needsInquiryAfterMinutes: number;
  /** Bulk actions (modules/bulk-actions): items per job, per-bank and per-merchant rates, the repeat window, running jobs per user. */
  bulk: {
    maxItems: number;
    bankPerMinute: number;
    merchantPerMinute: number;
    repeatWindowMinutes: number;
    jobsPerUser: number;
  };
  /**
   * A transaction list whose totals must be counted from the rows (a text search, filters the
   * rollup does not know, the work queue) counts at most this many; beyond it the list says
   * "more than" and leaves the totals uncounted (EXACT_COUNT_LIMIT).
   */
  exactCountLimit: number;
  /** How often this process marks unpaid bills past their expiry Kadaluarsa (modules/ledger/expiry-worker.ts); null: never (EXPIRY_INTERVAL_SECONDS=off). */
  expiryIntervalMs: number | null;
  /** Live streams (GET /api/live/events) one user may hold open on this process at once; LIVE_STREAMS_PER_USER. */
  liveStreamsPerUser: number;
  /** Signed SNAP service calls one partner (bank or merchant) may make per second on this process, twice that in a burst; SNAP_CALLS_PER_SECOND. */
  snapCallsPerSecond: number;
  /** /snap calls refused for their credentials (401) one client address may make per minute on this process; past it every /snap call from there answers 429 until the minute ends; SNAP_FAILED_CALLS_PER_MINUTE. */
  snapFailedCallsPerMinute: number;
  /** Demo mode: where the simulated banks' credentials for calling /snap are written (a person or a test pays as a bank); unset: not written. */
  demoBankKeysFile: string | undefined;
  /** Demo mode: bills the demo merchants open per minute over /snap, most paid by the demo bank (demo/demo-traffic.ts); null: none (DEMO_TRAFFIC=off). */
  demoTrafficPerMinute: number | null;
  /**
   * Reconciliation: a paid transaction missing from the bank's statement is "expected", not a
   * break, until this many business days (Monday to Friday) after its paid day (RECON_EXPECTED_DAYS).
   */
  reconExpectedDays: number;
  /**
   * Reconciliation: the daily pull of yesterday's statements over SNAP bank-statement, at this
   * business time (HH:MM); null: off; undefined (RECON_PULL_AT unset): on at DEMO_PULL_AT in demo mode, else off.
   */
  reconPullAt: string | null | undefined;
}

export class ConfigError extends Error {}

/** Never echoed back, not even when invalid: logs outlive the mistake. */
const SECRET_SETTINGS = new Set([
  'ADMIN_PASSWORD',
  'DEMO_PASSWORD',
  'METRICS_TOKEN',
  'DATABASE_URL',
  'DATA_KEY',
  'DATA_KEY_PREVIOUS',
  'REDIS_URL',
]);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const shown = (key: string) =>
      SECRET_SETTINGS.has(key) ? '(hidden)' : JSON.stringify(present[key] ?? '');
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}=${shown(String(i.path[0]))}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA,
    demoPassword: e.DEMO_PASSWORD,
    businessTz: e.BUSINESS_TZ,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    merchantAllowedHosts: e.MERCHANT_ALLOWED_HOSTS,
    apiDocs: e.API_DOCS,
    trustProxy: e.TRUST_PROXY,
    dataKey: e.DATA_KEY,
    dataKeyPrevious: e.DATA_KEY_PREVIOUS,
    logLevel: e.LOG_LEVEL,
    bankSimPort: e.BANK_SIM_PORT,
    merchantSimPort: e.MERCHANT_SIM_PORT,
    simulators: e.SIMULATORS,
    bankConfigFile: e.BANK_CONFIG_FILE,
    notificationWorker: e.NOTIFICATION_WORKER,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    actionRateLimitPerMinute: e.ACTION_RATE_LIMIT_PER_MINUTE,
    actionMinIntervalSeconds: e.ACTION_MIN_INTERVAL_SECONDS,
    dbPool: {
      size: e.DB_POOL_SIZE,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      parallelWorkers: e.DB_PARALLEL_WORKERS,
    },
    sqliteReaders: e.SQLITE_READERS,
    metricsToken: e.METRICS_TOKEN,
    mfaRequiredRoles: e.MFA_REQUIRED_ROLES,
    passwordPolicy: e.PASSWORD_POLICY,
    inactiveDisableDays: e.INACTIVE_DISABLE_DAYS,
    workerConcurrency: e.WORKER_CONCURRENCY,
    workerPerMerchant: e.WORKER_PER_MERCHANT,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    needsInquiryAfterMinutes: e.NEEDS_INQUIRY_AFTER_MINUTES,
    bulk: {
      maxItems: e.BULK_MAX_ITEMS,
      bankPerMinute: e.BULK_BANK_PER_MINUTE,
      merchantPerMinute: e.BULK_MERCHANT_PER_MINUTE,
      repeatWindowMinutes: e.BULK_REPEAT_WINDOW_MINUTES,
      jobsPerUser: e.BULK_JOBS_PER_USER,
    },
    exactCountLimit: e.EXACT_COUNT_LIMIT,
    expiryIntervalMs: e.EXPIRY_INTERVAL_SECONDS,
    liveStreamsPerUser: e.LIVE_STREAMS_PER_USER,
    snapCallsPerSecond: e.SNAP_CALLS_PER_SECOND,
    snapFailedCallsPerMinute: e.SNAP_FAILED_CALLS_PER_MINUTE,
    demoBankKeysFile: e.DEMO_BANK_KEYS_FILE,
    demoTrafficPerMinute: e.DEMO_TRAFFIC,
    reconExpectedDays: e.RECON_EXPECTED_DAYS,
    reconPullAt: e.RECON_PULL_AT === 'off' ? null : e.RECON_PULL_AT,
  };
}
