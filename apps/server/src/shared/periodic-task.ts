/**
 * One background loop of this process (the bill expiry, the bulk-action worker, the daily statement
 * pull, the notification retries): a run, then a pause, then the next run, never two at once. The
 * timers never keep the process alive. `stop()` starts nothing more at once and resolves when the
 * run under way (and what it left in flight, `drain`) has finished, or after `graceMs`: then
 * `onAbandoned` is told (leases in the database let a later run take the work up again).
 */
export interface PeriodicTask {
  stop(): Promise<void>;
}

export interface PeriodicTaskOptions<T> {
  /** One run; `stopping()` is true once stop() was called (a long run may end early). */
  run: (stopping: () => boolean) => Promise<T>;
  /** The pause before the first run. */
  firstDelayMs: number;
  /** The pause after a run: its result, or undefined when it failed. */
  nextDelayMs: (result: T | undefined) => number;
  onError: (error: unknown) => void;
  /** Told after every run, whatever its outcome (a heartbeat). */
  afterRun?: () => void;
  /** How long stop() waits at most. */
  graceMs: number;
  /** Work a run started that outlives it (sends in flight): stop() waits for it too. */
  drain?: () => Promise<void>;
  onAbandoned?: () => void;
}

export function startPeriodicTask<T>(options: PeriodicTaskOptions<T>): PeriodicTask {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> = Promise.resolve();
  const stoppedNow = () => stopped;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      current = options
        .run(stoppedNow)
        .then(
          (result) => options.nextDelayMs(result),
          (error: unknown) => {
            options.onError(error);
            return options.nextDelayMs(undefined);
          },
        )
        .then((next) => {
          options.afterRun?.();
          schedule(next);
        });
    }, delayMs);
    timer.unref();
  };
  schedule(options.firstDelayMs);

  let stopping: Promise<void> | null = null;
  return {
    stop() {
      if (stopping) return stopping;
      stopped = true;
      if (timer) clearTimeout(timer);
      const settled = current.then(() => options.drain?.());
      stopping = new Promise<void>((resolve) => {
        const grace = setTimeout(() => {
          options.onAbandoned?.();
          resolve();
        }, options.graceMs);
        grace.unref();
        void settled.finally(() => {
          clearTimeout(grace);
          resolve();
        });
      });
      return stopping;
    },
  };
}
