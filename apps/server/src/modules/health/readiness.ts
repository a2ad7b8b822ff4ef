/**
 * Ready = worth sending traffic to: the database answers, its schema is the one this code
 * expects (the newest migration is recorded), the retry worker (when it runs here) still ticks,
 * and shutdown has not begun. Each check says what it found, for whoever reads the 503.
 */
import type { AppDeps } from '../../deps.ts';
import { LATEST_MIGRATION } from '../../db/migrate.ts';
import type { Lifecycle } from '../../ops/lifecycle.ts';
import { workerStaleAfterMs } from '../../ops/worker-heartbeat.ts';
import * as repo from './repo.ts';

/** A probe must answer quickly even when the pool is saturated; the balancer has its own timeout. */
const DATABASE_CHECK_MS = 2000;

export interface Readiness {
  ready: boolean;
  checks: { database: string; migrations: string; worker: string; shutdown: string };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function databaseCheck(deps: AppDeps): Promise<{ database: string; migrations: string }> {
  try {
    await within(DATABASE_CHECK_MS, repo.selectOne(deps.db));
  } catch (error) {
    return { database: `unreachable: ${messageOf(error)}`, migrations: 'unknown' };
  }
  try {
    const recorded = await within(
      DATABASE_CHECK_MS,
      repo.isMigrationRecorded(deps.db, LATEST_MIGRATION),
    );
    return { database: 'ok', migrations: recorded ? 'ok' : `${LATEST_MIGRATION} not applied` };
  } catch (error) {
    return { database: 'ok', migrations: `cannot read the migration table: ${messageOf(error)}` };
  }
}

function workerCheck(deps: AppDeps, lifecycle: Lifecycle): string {
  if (!deps.notificationWorker) return 'off';
  const silence = lifecycle.workerSilenceMs();
  if (silence === null) return 'not started';
  return silence <= workerStaleAfterMs(deps) ? 'ok' : `no tick for ${Math.round(silence / 1000)} s`;
}

export async function readiness(deps: AppDeps, lifecycle: Lifecycle): Promise<Readiness> {
  // Shutting down: answer at once, the database is no longer our business.
  if (lifecycle.shuttingDown) {
    return {
      ready: false,
      checks: {
        database: 'not checked',
        migrations: 'not checked',
        worker: 'not checked',
        shutdown: 'in progress',
      },
    };
  }
  const checks = {
    ...(await databaseCheck(deps)),
    worker: workerCheck(deps, lifecycle),
    shutdown: 'no',
  };
  const ready =
    checks.database === 'ok' &&
    checks.migrations === 'ok' &&
    (checks.worker === 'ok' || checks.worker === 'off');
  return { ready, checks };
}
