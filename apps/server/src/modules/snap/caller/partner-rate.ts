/**
 * How fast one partner (a bank or a merchant, by client id) may call the SNAP services: a token
 * bucket per partner on this process, SNAP_CALLS_PER_SECOND refilled each second and twice that
 * held for a burst. Checked after the call's signature, so only the partner itself can spend its
 * budget. In memory: no database write per call; with N instances a partner's ceiling is N times
 * the setting, which is the point of adding instances.
 */
import type { AppDeps } from '../../../deps.ts';

interface Bucket {
  tokens: number;
  at: number;
}

const bucketsOf = new WeakMap<AppDeps, Map<string, Bucket>>();

/** True when the partner may make one more call now (and counts it). */
export function admitPartnerCall(deps: AppDeps, clientId: string): boolean {
  let buckets = bucketsOf.get(deps);
  if (!buckets) {
    buckets = new Map();
    bucketsOf.set(deps, buckets);
  }
  const perSecond = deps.config.snapCallsPerSecond;
  const burst = perSecond * 2;
  const now = deps.clock.now().getTime();
  const bucket = buckets.get(clientId) ?? { tokens: burst, at: now };
  bucket.tokens = Math.min(
    burst,
    bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * perSecond,
  );
  bucket.at = now;
  buckets.set(clientId, bucket);
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}
