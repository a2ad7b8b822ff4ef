/**
 * Unauthenticated /snap traffic bounded before anything else looks at it: one client address may
 * have SNAP_FAILED_CALLS_PER_MINUTE calls refused for their credentials (401: an unknown client, a
 * bad signature, a made-up token, a stale timestamp) in a clock minute on this server; past that,
 * every /snap call from the address answers 429xx00 with Retry-After (the seconds left in the
 * minute) before its signature is checked, its token looked up or anything is recorded.
 *
 * Only failures count, so a bank or merchant whose calls pass (the demo traffic, bench/intake.ts
 * sending thousands of signed calls a minute from 127.0.0.1) is never slowed by it: their pace is
 * SNAP_CALLS_PER_SECOND's (partner-rate.ts), checked after the signature. The default, 120 a minute,
 * lets a partner whose clock drifted or whose secret changed keep retrying at a realistic pace,
 * and stops a flood after two seconds' worth of it. In memory (no write per call); with N servers
 * an address gets N times the setting.
 */
import type { AppDeps } from '../../../deps.ts';

interface Window {
  minute: number;
  failures: number;
}

/** Addresses tracked at once; past it the oldest minute's are dropped first (a flood from many addresses). */
const MAX_ADDRESSES = 100_000;

const windowsOf = new WeakMap<AppDeps, Map<string, Window>>();

function windows(deps: AppDeps): Map<string, Window> {
  let map = windowsOf.get(deps);
  if (!map) {
    map = new Map();
    windowsOf.set(deps, map);
  }
  return map;
}

const minuteOf = (deps: AppDeps): { minute: number; secondsLeft: number } => {
  const ms = deps.clock.now().getTime();
  return {
    minute: Math.floor(ms / 60_000),
    secondsLeft: Math.max(1, Math.ceil((60_000 - (ms % 60_000)) / 1000)),
  };
};

/** Null when the address may call; else the seconds to wait (Retry-After). */
export function addressRetryAfter(deps: AppDeps, address: string | null): number | null {
  if (address === null) return null;
  const { minute, secondsLeft } = minuteOf(deps);
  const window = windows(deps).get(address);
  if (!window || window.minute !== minute || window.failures < deps.config.snapFailedCallsPerMinute)
    return null;
  return secondsLeft;
}

/** Counts a call from `address` refused for its credentials. */
export function countFailedCall(deps: AppDeps, address: string | null): void {
  if (address === null) return;
  const map = windows(deps);
  const { minute } = minuteOf(deps);
  const window = map.get(address);
  if (window && window.minute === minute) {
    window.failures += 1;
    return;
  }
  if (map.size >= MAX_ADDRESSES)
    for (const [key, w] of map)
      if (w.minute !== minute || map.size >= MAX_ADDRESSES) map.delete(key);
  map.set(address, { minute, failures: 1 });
}
