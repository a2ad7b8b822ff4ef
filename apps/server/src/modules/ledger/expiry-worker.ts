/**
 * Runs the bill expiry while the app is up: at once when it starts (every unpaid bill, so demo
 * data and bills that fell due while no server ran expire at start), then every interval over the
 * bills whose expiry came within the look back (an index range, not the whole unpaid set), and
 * every FULL_PASS_MS over every unpaid bill again. Runs never overlap; every instance runs it.
 */
import type { AppDeps } from '../../deps.ts';
import { startPeriodicTask } from '../../shared/periodic-task.ts';
import { expireDueBills } from './expire-bills.ts';

const FULL_PASS_MS = 6 * 60 * 60_000;
/** A regular run looks back this many intervals (at least LOOK_BACK_MIN_MS): runs late or missed are covered. */
const LOOK_BACK_INTERVALS = 10;
const LOOK_BACK_MIN_MS = 15 * 60_000;

export interface ExpiryWorker {
  /** Starts no further run; resolves when the run under way has finished (at most the grace). */
  stop(): Promise<void>;
}

export function startExpiryWorker(
  deps: AppDeps,
  intervalMs: number,
  options: { onError: (error: unknown) => void; graceMs?: number },
): ExpiryWorker {
  let lastFullPass: number | null = null;
  const lookBackMs = Math.max(LOOK_BACK_MIN_MS, LOOK_BACK_INTERVALS * intervalMs);

  const run = async () => {
    const now = deps.clock.now().getTime();
    const full = lastFullPass === null || now - lastFullPass >= FULL_PASS_MS;
    await expireDueBills(deps, { since: full ? null : new Date(now - lookBackMs) });
    if (full) lastFullPass = now;
  };
  return startPeriodicTask({
    run,
    firstDelayMs: 0,
    nextDelayMs: () => intervalMs,
    onError: options.onError,
    graceMs: options.graceMs ?? deps.config.shutdownGraceSeconds * 1000,
  });
}
