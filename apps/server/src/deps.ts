/** What the app is built from; tests build it with their own database, clock and settings. */
import type { Kysely } from 'kysely';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/tables.ts';
import type { Dialect } from './db/database.ts';
import type { BankGateway, InboundCredentials, QrisAcquirer } from './integrations/bank/gateway.ts';
import type { BankStatementSource } from './integrations/bank/statement-client.ts';
import type { AppMetrics } from './ops/metrics.ts';
import type { SecretBox } from './security/secret-box.ts';

/** A bank that may call /snap (modules/snap/caller/partners.ts builds them from the bank configuration). */
export interface SnapPartner extends InboundCredentials {
  /** The bank code of the bills it may ask about and pay (trctBank / trctQrBank, any case). */
  bank: string;
  /** Our VA prefix at the bank (8 characters, space-padded): merchants' VA bills there carry it. */
  partnerServiceId?: string;
  /** Our merchant id at the bank as QRIS acquirer, and what its QRIS payloads carry. */
  merchantId?: string;
  qris?: QrisAcquirer;
}

/** The retry worker's per-merchant circuit breaker (modules/notifications/merchant-breaker.ts). */
export interface BreakerSettings {
  /** Consecutive failures that open the breaker. */
  failures: number;
  /** First open period; doubled after each failed trial. */
  cooldownMs: number;
  maxCooldownMs: number;
}

export interface AppDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  clock: Clock;
  /** Per-address limit on the sign-in route; default LOGIN_RATE_LIMIT (shared through the database or Redis). */
  loginRateLimit?: { max: number; timeWindowMs: number };
  /** Bank inquiry (SNAP BI); without it Inquiry answers 503 "not configured". */
  bankGateway?: BankGateway;
  /** Statements over SNAP bank-statement, for the accounts the bank configuration names; without it a pull answers 400. */
  bankStatements?: BankStatementSource;
  /** Pulls yesterday's statement of every such account daily at this business time (HH:MM; RECON_PULL_AT). */
  statementPull?: { at: string };
  /** The banks that may report payments to /snap, with their inbound credentials; none: every /snap call is refused. */
  snapPartners?: SnapPartner[];
  /** Merchant callbacks: timeout (default 10 s) and the in-flight lease (default 60 s). */
  merchant?: { timeoutMs?: number; leaseMs?: number };
  /**
   * Runs the notification retry worker while the app is up (every intervalMs); its parallelism
   * and shutdown grace come from config (WORKER_CONCURRENCY, WORKER_PER_MERCHANT, SHUTDOWN_GRACE_SECONDS).
   */
  notificationWorker?: { intervalMs: number; batchSize?: number; breaker?: BreakerSettings };
  /** Runs the bill expiry housekeeping (modules/ledger) while the app is up, every intervalMs (the first run at once). */
  expiryWorker?: { intervalMs: number };
  /** How often live streams get a heartbeat and their sessions are checked again; default LIVE_STREAM.heartbeatMs. */
  liveHeartbeatMs?: number;
  /** Runs the bulk-action worker (modules/bulk-actions/worker.ts) while the app is up, a tick every intervalMs. */
  bulkWorker?: { intervalMs: number };
  /** Opens the secrets stored sealed (client signing secrets); without it only plain ones can be used. */
  secretBox?: SecretBox;
  /** Prometheus metrics (ops/metrics.ts); buildApp makes its own when absent. */
  metrics?: AppMetrics;
}
