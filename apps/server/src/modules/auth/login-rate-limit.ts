/**
 * Where the per-address sign-in limit (LOGIN_RATE_LIMIT, @fastify/rate-limit on the sign-in
 * routes) is counted, so that every server process shares one budget per client address:
 *  - REDIS_URL set: in Redis, through the plugin's own Redis store (ioredis; atomic INCR + PEXPIRE);
 *  - otherwise: in the database (table login_rate_limit, login-rate-repo.ts), with the app's clock.
 * Never in process memory: behind a load balancer each instance would allow the full budget.
 */
import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { addMinutes, iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import * as repo from './login-rate-repo.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The plugin's store interface over login_rate_limit. The plugin passes the window and the max to incr at run time. */
export function databaseRateLimitStore(deps: AppDeps): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    private readonly defaultWindowMs: number;

    constructor(options: unknown, prefix = '') {
      const timeWindow = (options as RateLimitPluginOptions).timeWindow;
      this.prefix = prefix;
      this.defaultWindowMs = typeof timeWindow === 'number' ? timeWindow : 60_000;
    }

    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      const windowMs = timeWindow ?? this.defaultWindowMs;
      const now = deps.clock.now();
      repo
        .countAttempt(
          deps.db,
          `${this.prefix}${key}`,
          iso(now),
          iso(new Date(now.getTime() - windowMs)),
        )
        .then(({ count, windowStart }) =>
          callback(null, {
            current: count,
            ttl: Math.max(0, Date.parse(windowStart) + windowMs - now.getTime()),
          }),
        )
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const merged = routeOptions as { routeInfo?: { method?: unknown; url?: string } };
      const route = merged.routeInfo
        ? `${String(merged.routeInfo.method)} ${merged.routeInfo.url ?? ''}|`
        : '';
      return new DatabaseStore(merged, route);
    }
  }
  return DatabaseStore;
}

export interface SharedRateLimit {
  /** Spread into the rate-limit plugin's options. */
  options: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'>;
  close(): Promise<void>;
}

/** The plugin's store options for this process: Redis when REDIS_URL is set, else the database. */
export function sharedRateLimit(deps: AppDeps): SharedRateLimit {
  const url = deps.config.redisUrl;
  if (!url) return { options: { store: databaseRateLimitStore(deps) }, close: async () => {} };
  // A sign-in waits at most about a second for Redis; when it is down, the sign-in fails (never unlimited).
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
  });
  redis.on('error', () => {}); // reconnects by itself; a failed count fails that sign-in
  return {
    options: { redis, nameSpace: 'tagih-login-rate-' },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Housekeeping: forgets sign-in windows that began over a day ago (Redis expires its keys by itself). */
export async function purgeStaleLoginRates(deps: AppDeps): Promise<number> {
  return repo.deleteStale(deps.db, iso(addMinutes(deps.clock.now(), -24 * 60)));
}
