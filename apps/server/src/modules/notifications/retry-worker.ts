/**
 * Retries undelivered notifications on RETRY_SCHEDULE_MINUTES. All state that matters is in the
 * database (notiNextAttemptAt, notiAttempts, the lease), so the worker survives restarts and runs
 * each notification once even with several server processes: each one is claimed with the lease.
 *
 * Fair and bounded: a tick sends to several merchants at once (WORKER_CONCURRENCY in all, at
 * most WORKER_PER_MERCHANT to one merchant, merchants taken in turn), so a merchant that hangs
 * holds only its own slots while the others' notifications go out. A merchant that keeps
 * failing is paused by its circuit breaker (merchant-breaker.ts, in this process's memory).
 * Sends outlive their tick: the next tick goes on while a hanging merchant's sends time out.
 */
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { startPeriodicTask } from '../../shared/periodic-task.ts';
import { sendIfFree, type DeliveryResult } from './delivery.ts';
import { findDue } from './delivery-repo.ts';
import { MerchantBreakers } from './merchant-breaker.ts';

export const DEFAULT_BATCH_SIZE = 50;

export interface TickOptions {
  /** The breakers to consult and teach; a worker keeps one across ticks (default: a fresh one). */
  breakers?: MerchantBreakers;
  /** Asked before each send starts: once true, nothing more is claimed (shutdown). */
  stopping?: () => boolean;
}

/** The worker's breakers, built from deps (tests may pass their own settings in deps.notificationWorker.breaker). */
export const breakersFor = (deps: AppDeps): MerchantBreakers =>
  new MerchantBreakers(deps.clock, deps.notificationWorker?.breaker);

/**
 * Sends claimed notifications within the limits: at most `concurrency` in flight, at most
 * `perMerchant` to one merchant (one during a breaker's trial), merchants taken in turn. The
 * worker keeps one across ticks, so a send still in flight (a hanging merchant) holds its slot
 * while the next tick goes on with everybody else.
 */
class Dispatcher {
  private queues = new Map<number, number[]>();
  private readonly active = new Map<number, number>();
  private readonly inFlightIds = new Set<number>();
  private idleWaiters: Array<() => void> = [];
  readonly results: DeliveryResult[] = [];
  readonly deps: AppDeps;
  readonly breakers: MerchantBreakers;
  private readonly stopping: () => boolean;
  private readonly onError: (error: unknown) => void;
  private readonly keepResults: boolean;

  /** `keepResults`: collect every result (a single tick); a long-running worker does not. */
  constructor(
    deps: AppDeps,
    breakers: MerchantBreakers,
    stopping: () => boolean,
    onError: (error: unknown) => void,
    keepResults: boolean,
  ) {
    this.deps = deps;
    this.breakers = breakers;
    this.stopping = stopping;
    this.onError = onError;
    this.keepResults = keepResults;
  }

  get inFlight(): number {
    return this.inFlightIds.size;
  }

  /** Fetches what is due now (the merchants' shares of one batch) and starts what the limits allow. */
  async tick(): Promise<void> {
    if (this.stopping()) return;
    const { workerConcurrency: concurrency, workerPerMerchant: perMerchant } = this.deps.config;
    const batchSize = this.deps.notificationWorker?.batchSize ?? DEFAULT_BATCH_SIZE;
    // A merchant gets at most its share of the batch, so one merchant's backlog cannot crowd the others out.
    const share = Math.max(perMerchant, Math.ceil((batchSize * perMerchant) / concurrency));
    const due = await findDue(
      this.deps.db,
      iso(this.deps.clock.now()),
      batchSize,
      share,
      this.breakers.blocked(),
    );
    // The queues are replaced: what is still due comes back, what another process took does not.
    const queues = new Map<number, number[]>();
    for (const { notiId, clntid } of due) {
      if (this.inFlightIds.has(notiId)) continue;
      const queue = queues.get(clntid) ?? [];
      queue.push(notiId);
      queues.set(clntid, queue);
    }
    this.queues = queues;
    this.pump();
  }

  /** Resolves when nothing is in flight and nothing more will start. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return (
      this.inFlight === 0 &&
      (this.stopping() || [...this.queues.values()].every((q) => q.length === 0))
    );
  }

  private send(clntid: number, notiId: number): void {
    this.inFlightIds.add(notiId);
    this.active.set(clntid, (this.active.get(clntid) ?? 0) + 1);
    sendIfFree(this.deps, notiId, { dueOnly: true })
      .then((result) => {
        if (!result) return this.breakers.cancel(clntid); // another sender holds it: nothing happened
        if (this.keepResults) this.results.push(result);
        if (result.delivered) this.breakers.success(clntid);
        else this.breakers.failure(clntid);
      })
      .catch((error: unknown) => {
        this.breakers.cancel(clntid);
        this.onError(error);
      })
      .finally(() => {
        this.inFlightIds.delete(notiId);
        this.active.set(clntid, (this.active.get(clntid) ?? 1) - 1);
        this.pump();
      });
  }

  /** Starts what the limits allow: one per merchant per pass, passes until nothing more fits. */
  private pump(): void {
    const { workerConcurrency: concurrency, workerPerMerchant: perMerchant } = this.deps.config;
    let started = true;
    while (started && !this.stopping() && this.inFlight < concurrency) {
      started = false;
      for (const [clntid, queue] of this.queues) {
        if (this.inFlight >= concurrency || this.stopping()) break;
        if (queue.length === 0) continue;
        const cap = this.breakers.inTrial(clntid) ? 1 : perMerchant;
        if ((this.active.get(clntid) ?? 0) >= cap) continue;
        if (!this.breakers.tryAcquire(clntid)) {
          queue.length = 0; // open: its notifications wait for a tick after the cool-down
          continue;
        }
        this.send(clntid, queue.shift()!);
        started = true;
      }
    }
    if (this.isIdle()) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }
}

/**
 * One tick on its own (tests, tools): claims and sends the due notifications this process can,
 * within the limits, and resolves when every send it started has been recorded.
 */
export async function runDueNotifications(
  deps: AppDeps,
  options: TickOptions = {},
): Promise<DeliveryResult[]> {
  const errors: unknown[] = [];
  const dispatcher = new Dispatcher(
    deps,
    options.breakers ?? breakersFor(deps),
    options.stopping ?? (() => false),
    (error) => errors.push(error),
    true,
  );
  await dispatcher.tick();
  await dispatcher.idle();
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'Several notification sends failed');
  return dispatcher.results;
}

export interface WorkerOptions {
  onError: (error: unknown) => void;
  /** Told at the start and after every tick, failed or not (the readiness heartbeat). */
  onTick?: () => void;
  /** How long stop() waits for the sends in flight (default SHUTDOWN_GRACE_SECONDS). */
  graceMs?: number;
  /** Told when stop() gave up waiting for the sends in flight. */
  onAbandoned?: () => void;
}

export interface NotificationWorker {
  /**
   * Stops at once: no new tick, nothing more claimed (not even by the tick under way); resolves
   * when the sends in flight have been recorded, or after the grace (their leases then run out
   * and a later worker retries them).
   */
  stop(): Promise<void>;
  breakers: MerchantBreakers;
}

/**
 * Runs a tick every intervalMs (after the previous one; shared/periodic-task.ts) until stopped. A tick fetches what is due and starts what the
 * limits allow; it does not wait for the sends, so the next tick serves the other merchants
 * while a slow one's sends are still in flight. Two fetches never overlap.
 */
export function startNotificationWorker(
  deps: AppDeps,
  intervalMs: number,
  options: WorkerOptions,
): NotificationWorker {
  const onTick = options.onTick ?? (() => {});
  const breakers = breakersFor(deps);
  let stopped = false;
  const dispatcher = new Dispatcher(deps, breakers, () => stopped, options.onError, false);
  onTick();
  const task = startPeriodicTask({
    run: () => dispatcher.tick(),
    firstDelayMs: intervalMs,
    nextDelayMs: () => intervalMs,
    onError: options.onError,
    afterRun: onTick,
    graceMs: options.graceMs ?? deps.config.shutdownGraceSeconds * 1000,
    drain: () => dispatcher.idle(),
    ...(options.onAbandoned ? { onAbandoned: options.onAbandoned } : {}),
  });
  const stop = (): Promise<void> => {
    stopped = true;
    return task.stop();
  };
  return { stop, breakers };
}
