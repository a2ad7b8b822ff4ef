/**
 * How long the notification worker may go without a tick before readiness calls it stuck (the
 * worker reports each tick through startNotificationWorker's onTick).
 */
import type { AppDeps } from '../deps.ts';
import { DEFAULT_MERCHANT_TIMEOUT_MS } from '../integrations/merchant/sender.ts';

const DEFAULT_BATCH = 50;

/** A healthy tick sends at most a batch, each send bounded by the merchant timeout; longer is stuck. */
export function workerStaleAfterMs(deps: AppDeps): number {
  const worker = deps.notificationWorker;
  if (!worker) return Infinity;
  const perSend = (deps.merchant?.timeoutMs ?? DEFAULT_MERCHANT_TIMEOUT_MS) + 1000;
  return 2 * worker.intervalMs + (worker.batchSize ?? DEFAULT_BATCH) * perSend;
}
