/** The environment, read once and validated at start; typed afterwards. */
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_BUSINESS_TZ } from '@tagih/contract';
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

const onOff = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');

/** MERCHANT_ALLOWED_HOSTS: `host` (any port) or `host:port`; IPv6 as `[::1]:8092` or bare `::1`. */
const allowedHosts = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))
  .refine((entries) => entries.every(isAllowedHostEntry), {
    message: "must be a comma-separated list of 'host' or 'host:port' (IPv6 as '[::1]:8092')",
  });

/** A proxy address (`10.0.0.5`), a CIDR (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** TRUST_PROXY: off, or the proxies whose X-Forwarded-For is believed (addresses, CIDRs, or proxy-addr's names). */
const trustProxy = z
  .string()
  .transform((v) => (/^(off|false|0)$/i.test(v.trim()) ? [] : v.split(',').map((s) => s.trim()).filter(Boolean)))
  .refine((entries) => entries.every(isProxyEntry), {
    message: "must be 'off' or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.5,10.1.0.0/16)",
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

const envSchema = z.object({
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
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  API_DOCS: onOff.optional(),
  TRUST_PROXY: trustProxy.default([]),
  DATA_KEY: dataKey.optional(),
  DATA_KEY_PREVIOUS: dataKey.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  /** PostgreSQL connections: pool size, wait for a free one, server-side statement timeout (0 = none). */
  dbPool: { size: number; acquireTimeoutMs: number; statementTimeoutMs: number };
  /** Bearer token of GET /api/metrics; the route answers 404 without one. */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {}

/** Never echoed back, not even when invalid: logs outlive the mistake. */
const SECRET_SETTINGS = new Set(['ADMIN_PASSWORD', 'DEMO_PASSWORD', 'METRICS_TOKEN', 'DATABASE_URL', 'DATA_KEY', 'DATA_KEY_PREVIOUS']);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const shown = (key: string) => (SECRET_SETTINGS.has(key) ? '(hidden)' : JSON.stringify(present[key] ?? ''));
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}=${shown(String(i.path[0]))}: ${i.message}`);
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
    dbPool: { size: e.DB_POOL_SIZE, acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS, statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS },
    metricsToken: e.METRICS_TOKEN,
  };
}
