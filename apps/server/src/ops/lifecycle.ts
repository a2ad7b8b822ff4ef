/**
 * What readiness knows about this process beyond the database: whether shutdown has begun (a
 * balancer must stop sending us work first) and when the notification worker last finished a tick.
 */
export class Lifecycle {
  private shutdownBegun = false;
  private lastWorkerTick: number | null = null;

  /** From now on readiness answers 503, while live requests still finish. */
  beginShutdown(): void {
    this.shutdownBegun = true;
  }

  get shuttingDown(): boolean {
    return this.shutdownBegun;
  }

  /** The worker started or finished a tick (monotonic time: a clock change is no heartbeat). */
  workerTicked(): void {
    this.lastWorkerTick = performance.now();
  }

  /** Milliseconds since the worker's last tick; null when no worker runs here. */
  workerSilenceMs(): number | null {
    return this.lastWorkerTick === null ? null : performance.now() - this.lastWorkerTick;
  }
}
