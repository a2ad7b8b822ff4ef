/**
 * A circuit breaker per merchant (client) for the retry worker: after `failures` failed
 * deliveries in a row the merchant's notifications wait `cooldownMs`; then one trial goes out:
 * a success closes the breaker, a failure opens it again for twice as long (up to
 * `maxCooldownMs`). Other merchants are not affected.
 *
 * The state lives in this process's memory on purpose: each server instance learns on its own
 * that a merchant is failing (a few extra attempts per instance at most), nothing is lost that
 * the database must keep (the retry schedule is there), and a restart simply starts closed.
 * Time comes from deps.clock, so tests move it instead of waiting.
 */
import type { Clock } from '../../clock.ts';
import type { BreakerSettings } from '../../deps.ts';

/** Declared with what the app is built from (deps.ts), which imports no module. */
export type { BreakerSettings };

export const DEFAULT_BREAKER: BreakerSettings = {
  failures: 5,
  cooldownMs: 60_000,
  maxCooldownMs: 15 * 60_000,
};

interface MerchantState {
  consecutiveFailures: number;
  /** Set while open (and during the trial after it): when the merchant may be tried again. */
  openUntil: number | null;
  cooldownMs: number;
  trialInFlight: boolean;
}

export class MerchantBreakers {
  private readonly states = new Map<number, MerchantState>();
  private readonly clock: Clock;
  private readonly settings: BreakerSettings;

  constructor(clock: Clock, settings: BreakerSettings = DEFAULT_BREAKER) {
    this.clock = clock;
    this.settings = settings;
  }

  private state(clntid: number): MerchantState {
    let s = this.states.get(clntid);
    if (!s) {
      s = {
        consecutiveFailures: 0,
        openUntil: null,
        cooldownMs: this.settings.cooldownMs,
        trialInFlight: false,
      };
      this.states.set(clntid, s);
    }
    return s;
  }

  /** Merchants whose notifications must wait now (open, or their one trial is out). */
  blocked(): number[] {
    const now = this.clock.now().getTime();
    return [...this.states.entries()]
      .filter(([, s]) => s.openUntil !== null && (s.openUntil > now || s.trialInFlight))
      .map(([id]) => id);
  }

  /**
   * May a send to this merchant start now? After the cool-down, true once (the trial) until it
   * is settled; the caller must then report the outcome.
   */
  tryAcquire(clntid: number): boolean {
    const s = this.states.get(clntid);
    if (!s || s.openUntil === null) return true;
    if (s.openUntil > this.clock.now().getTime() || s.trialInFlight) return false;
    s.trialInFlight = true;
    return true;
  }

  /** Whether this merchant's sends are limited to a single trial right now. */
  inTrial(clntid: number): boolean {
    const s = this.states.get(clntid);
    return s !== undefined && s.openUntil !== null;
  }

  /** The send did not happen after all (another sender held the notification): the trial is free again. */
  cancel(clntid: number): void {
    const s = this.states.get(clntid);
    if (s) s.trialInFlight = false;
  }

  success(clntid: number): void {
    this.states.delete(clntid);
  }

  failure(clntid: number): void {
    const s = this.state(clntid);
    const now = this.clock.now().getTime();
    if (s.openUntil !== null) {
      // A failed trial (or a send that started before the breaker opened): open again, longer.
      if (s.trialInFlight) s.cooldownMs = Math.min(s.cooldownMs * 2, this.settings.maxCooldownMs);
      s.trialInFlight = false;
      s.openUntil = now + s.cooldownMs;
      return;
    }
    s.consecutiveFailures += 1;
    if (s.consecutiveFailures >= this.settings.failures) s.openUntil = now + s.cooldownMs;
  }

  /** The merchant's state, for tests and diagnostics. */
  stateOf(clntid: number): {
    open: boolean;
    consecutiveFailures: number;
    openUntil: Date | null;
    cooldownMs: number;
  } {
    const s = this.states.get(clntid);
    if (!s)
      return {
        open: false,
        consecutiveFailures: 0,
        openUntil: null,
        cooldownMs: this.settings.cooldownMs,
      };
    return {
      open: s.openUntil !== null,
      consecutiveFailures: s.consecutiveFailures,
      openUntil: s.openUntil === null ? null : new Date(s.openUntil),
      cooldownMs: s.cooldownMs,
    };
  }
}
