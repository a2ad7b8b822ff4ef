/** What the app is built from; tests build it with their own database, clock and settings. */
import type { Kysely } from 'kysely';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/tables.ts';
import type { Dialect } from './db/database.ts';

export interface AppDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  clock: Clock;
  /** Per-address limit on the sign-in route. */
  loginRateLimit?: { max: number; timeWindowMs: number };
}
