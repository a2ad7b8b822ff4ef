/**
 * The notification retry loop with a heartbeat for readiness: ticks as in
 * modules/notifications/retry-worker.ts (never overlapping), each one reported when it ends,
 * failed or not. A worker stuck in a tick stops beating and readiness says so.
 */
import type { AppDeps } from '../deps.ts';
import { runDueNotifications } from '../modules/notifications/retry-worker.ts';
import { DEFAULT_MERCHANT_TIMEOUT_MS } from '../integrations/merchant/sender.ts';
import type { Lifecycle } from './lifecycle.ts';

const DEFAULT_BATCH = 50;

/** A healthy tick sends at most a batch, each send bounded by the merchant timeout; longer is stuck. */
export function workerStaleAfterMs(deps: AppDeps): number {
  const worker = deps.notificationWorker;
  if (!worker) return Infinity;
  const perSend = (deps.merchant?.timeoutMs ?? DEFAULT_MERCHANT_TIMEOUT_MS) + 1000;
  return 2 * worker.intervalMs + (worker.batchSize ?? DEFAULT_BATCH) * perSend;
}

export function startWorkerWithHeartbeat(deps: AppDeps, intervalMs: number, onError: (error: unknown) => void, lifecycle: Lifecycle): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  lifecycle.workerTicked();
  const timer = setInterval(() => {
    if (running) return;
    running = runDueNotifications(deps)
      .catch(onError)
      .finally(() => {
        running = null;
        lifecycle.workerTicked();
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
