/**
 * The process's Prometheus metrics (docs/monitoring.md says what each one means). One registry
 * per app, not prom-client's global one, so several apps in one process (tests) never collide.
 */
import type { LogEvent } from 'kysely';
import { statSync } from 'node:fs';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/database.ts';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const STATEMENTS = new Set([
  'select',
  'insert',
  'update',
  'delete',
  'with',
  'begin',
  'commit',
  'rollback',
  'savepoint',
  'release',
]);

/** What the notification backlog looks like now (read from the database at scrape time). */
export interface NotificationBacklog {
  pending: number;
  due: number;
  oldestDueAgeSeconds: number;
  givenUp: number;
}

export class AppMetrics {
  readonly registry = new Registry();
  private readonly registers = [this.registry];

  readonly httpRequestDuration = new Histogram({
    name: 'tagih_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status; _count is the request count',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: this.registers,
  });
  readonly dbQueryDuration = new Histogram({
    name: 'tagih_db_query_duration_seconds',
    help: 'Database statements by kind (select, insert, ...) and outcome (ok, error)',
    labelNames: ['statement', 'outcome'] as const,
    buckets: SECONDS,
    registers: this.registers,
  });
  readonly notificationDeliveries = new Counter({
    name: 'tagih_notification_deliveries_total',
    help: 'Merchant notification attempts by merchant (client id) and outcome (delivered, failed)',
    labelNames: ['merchant', 'outcome'] as const,
    registers: this.registers,
  });
  readonly notificationsGivenUp = new Counter({
    name: 'tagih_notifications_given_up_total',
    help: 'Notifications this process gave up on after the last retry, by merchant (client id)',
    labelNames: ['merchant'] as const,
    registers: this.registers,
  });
  readonly bankInquiries = new Counter({
    name: 'tagih_bank_inquiries_total',
    help: 'Bank status inquiries by bank and outcome (paid, unpaid, or the failure: timeout, unreachable, rejected, invalid-answer, not-configured, error)',
    labelNames: ['bank', 'outcome'] as const,
    registers: this.registers,
  });
  readonly bankInquiryDuration = new Histogram({
    name: 'tagih_bank_inquiry_duration_seconds',
    help: 'Bank status inquiry latency by bank and outcome',
    labelNames: ['bank', 'outcome'] as const,
    buckets: SECONDS,
    registers: this.registers,
  });
  readonly snapRefusals = new Counter({
    name: 'tagih_snap_refusals_total',
    help: 'Refused /snap calls by reason (the credential check that failed, address-limit, partner-rate, bad-request, not-found, conflict, ...)',
    labelNames: ['reason'] as const,
    registers: this.registers,
  });
  private readonly backlog = {
    pending: this.gauge(
      'tagih_notifications_pending',
      'Notifications waiting for a retry (database-wide)',
    ),
    due: this.gauge(
      'tagih_notifications_due',
      'Pending notifications whose next attempt is due now (database-wide)',
    ),
    oldestDueAge: this.gauge(
      'tagih_notifications_oldest_due_age_seconds',
      'How long the oldest due notification has been waiting (0 when none)',
    ),
    givenUp: this.gauge(
      'tagih_notifications_given_up',
      'Undelivered notifications no retry is planned for (database-wide)',
    ),
  };
  private readonly databaseUp = this.gauge(
    'tagih_database_up',
    '1 when the last scrape could read the database, else 0',
  );
  private readonly auditCheckpoint = new Gauge({
    name: 'tagih_audit_checkpoint_head_id',
    help: 'The audit chain head at the last signed checkpoint (modules/audit/checkpoint.ts): the event id; its hash, time, key id and signature as labels',
    labelNames: ['head_hash', 'at', 'key_id', 'mac'] as const,
    registers: this.registers,
  });

  constructor() {
    // process_*, nodejs_* including nodejs_eventloop_lag_* (event-loop delay) and GC.
    collectDefaultMetrics({ register: this.registry });
  }

  /** Kysely's `log` option: every statement's duration. */
  readonly logQuery = (event: LogEvent): void => {
    const word = /^\s*(\w+)/.exec(event.query.sql)?.[1]?.toLowerCase() ?? '';
    const statement = STATEMENTS.has(word) ? word : 'other';
    this.dbQueryDuration.observe(
      { statement, outcome: event.level === 'error' ? 'error' : 'ok' },
      event.queryDurationMillis / 1000,
    );
  };

  /** One merchant callback attempt; `givenUp` when it failed and no retry is left. */
  recordDelivery(merchant: number | string, delivered: boolean, givenUp: boolean): void {
    const labels = { merchant: String(merchant) };
    this.notificationDeliveries.inc({ ...labels, outcome: delivered ? 'delivered' : 'failed' });
    if (givenUp && !delivered) this.notificationsGivenUp.inc(labels);
  }

  /** Pool gauges (PostgreSQL) or file sizes (SQLite), read at scrape time. */
  watchDatabase(db: Db): void {
    const { poolStats, sqliteFile } = db;
    if (poolStats) {
      new Gauge({
        name: 'tagih_db_pool_connections',
        help: 'PostgreSQL pool connections by state (in_use, idle) and the pool size (max)',
        labelNames: ['state'] as const,
        registers: this.registers,
        collect() {
          const s = poolStats();
          this.set({ state: 'in_use' }, s.total - s.idle);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'max' }, s.max);
        },
      });
      this.gauge(
        'tagih_db_pool_waiting',
        'Queries waiting for a free PostgreSQL connection',
        function collect() {
          this.set(poolStats().waiting);
        },
      );
    }
    if (sqliteFile) {
      // SQLite has one connection and no pool; what an operator watches is the file and its WAL.
      new Gauge({
        name: 'tagih_sqlite_file_bytes',
        help: 'Size of the SQLite database file and of its write-ahead log',
        labelNames: ['file'] as const,
        registers: this.registers,
        collect() {
          this.set({ file: 'main' }, statSync(sqliteFile, { throwIfNoEntry: false })?.size ?? 0);
          this.set(
            { file: 'wal' },
            statSync(`${sqliteFile}-wal`, { throwIfNoEntry: false })?.size ?? 0,
          );
        },
      });
    }
  }

  /** The scrape-time backlog; null when the database could not be read. */
  setBacklog(backlog: NotificationBacklog | null): void {
    this.databaseUp.set(backlog ? 1 : 0);
    if (!backlog) return;
    this.backlog.pending.set(backlog.pending);
    this.backlog.due.set(backlog.due);
    this.backlog.oldestDueAge.set(backlog.oldestDueAgeSeconds);
    this.backlog.givenUp.set(backlog.givenUp);
  }

  /** The last signed audit checkpoint (one series: the previous one is dropped). */
  setAuditCheckpoint(checkpoint: {
    headId: number;
    headHash: string;
    at: string;
    keyId: string;
    mac: string;
  }): void {
    this.auditCheckpoint.reset();
    this.auditCheckpoint.set(
      {
        head_hash: checkpoint.headHash,
        at: checkpoint.at,
        key_id: checkpoint.keyId,
        mac: checkpoint.mac,
      },
      checkpoint.headId,
    );
  }

  private gauge(name: string, help: string, collect?: (this: Gauge) => void): Gauge {
    return new Gauge({ name, help, registers: this.registers, ...(collect ? { collect } : {}) });
  }
}
