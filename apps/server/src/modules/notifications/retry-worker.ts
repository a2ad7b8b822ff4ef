/**
 * Retries undelivered notifications on RETRY_SCHEDULE_MINUTES. All state is in the database
 * (notiNextAttemptAt, notiAttempts, the lease), so the worker survives restarts and runs each
 * notification once even with several server processes: each one is claimed with the lease.
 */
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { sendIfFree, type DeliveryResult } from './delivery.ts';
import { findDue } from './delivery-repo.ts';

/** One tick: sends every due notification this process can claim. */
export async function runDueNotifications(deps: AppDeps, batchSize = deps.notificationWorker?.batchSize ?? 50): Promise<DeliveryResult[]> {
  const due = await findDue(deps.db, iso(deps.clock.now()), batchSize);
  const results: DeliveryResult[] = [];
  for (const notiId of due) {
    const result = await sendIfFree(deps, notiId, { dueOnly: true });
    if (result) results.push(result);
  }
  return results;
}

/**
 * Runs ticks every intervalMs until stopped; a tick never overlaps the previous one. `onTick` is
 * told at the start and after every tick, failed or not (the readiness heartbeat).
 */
export function startNotificationWorker(deps: AppDeps, intervalMs: number, onError: (error: unknown) => void, onTick: () => void = () => {}): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  onTick();
  const timer = setInterval(() => {
    if (running) return;
    running = runDueNotifications(deps)
      .catch(onError)
      .finally(() => {
        running = null;
        onTick();
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
