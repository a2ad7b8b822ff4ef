/**
 * The daily statement pull (RECON_PULL_AT, business time HH:MM): once the time has come each day,
 * yesterday's statement of every bank account whose bank serves it is pulled. Every instance runs
 * the check each minute; the day's run of an account is claimed by a lease in the shared throttle
 * table (`recon.pull.daily:{baccId}:{day}`, never released), so only one instance pulls it. A
 * failure is logged and audited (recon.statement.pulled, failure); the next day tries again, and
 * anyone may pull by hand meanwhile.
 */
import { addDays, businessDate, type StatementImportResult } from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import { SYSTEM_AUDIT_CONTEXT } from '../../../shared/audit-context.ts';
import type { Actor } from '../../../shared/actor.ts';
import { startPeriodicTask } from '../../../shared/periodic-task.ts';
import { takeLease } from '../../transactions/actions/throttle.ts';
import { allAccounts } from '../accounts-repo.ts';
import { lateBefore } from '../expected.ts';
import { pullStatement } from './pull-statement.ts';

const CHECK_EVERY_MS = 60_000;
/** The day's claim is a lease never released, held past the day (its key names the day). */
const CLAIM_MS = 48 * 3_600_000;

/** Claims the day's run of an account for this instance: true once per key, whichever instance asks first. */
const claimDay = async (deps: AppDeps, baccId: number, today: string) =>
  (await takeLease(deps, `recon.pull.daily:${baccId}:${today}`, CLAIM_MS)) !== null;
/** RECON_PULL_AT when unset in demo mode. */
export const DEMO_PULL_AT = '06:00';

/** The server itself, reaching every account (the scheduled and the demo's first pull). */
export const SYSTEM_ACTOR: Actor = {
  session: {
    tokenHash: '',
    userId: 'system',
    username: 'system',
    compId: null,
    access: {},
    isSuperadmin: true,
  },
  audit: SYSTEM_AUDIT_CONTEXT,
};

/** "HH:MM" of the business day in the zone, as minutes since midnight. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** The accounts whose bank serves their statement. */
export async function pullableAccounts(deps: AppDeps): Promise<number[]> {
  const source = deps.bankStatements;
  if (!source) return [];
  return (await allAccounts(deps.db))
    .filter((a) => source.serves(a.bank, a.accountNo))
    .map((a) => a.baccId);
}

/** One check: when today's time has come, pulls yesterday for each account not claimed yet today. Returns the accounts pulled. */
export async function runDailyPull(
  deps: AppDeps,
  at: string,
  onError: (error: unknown) => void,
): Promise<number[]> {
  const now = deps.clock.now();
  const tz = deps.config.businessTz;
  if (localMinutes(now, tz) < minutesOf(at)) return [];
  const today = businessDate(now, tz);
  const yesterday = addDays(today, -1);
  const pulled: number[] = [];
  for (const baccId of await pullableAccounts(deps)) {
    if (!(await claimDay(deps, baccId, today))) continue;
    try {
      await pullStatement(
        deps,
        SYSTEM_ACTOR,
        { baccId, from: yesterday, to: yesterday },
        { scheduled: true },
      );
      pulled.push(baccId);
    } catch (error) {
      onError(error);
    }
  }
  return pulled;
}

export interface PullSchedule {
  stop(): Promise<void>;
}

export function startDailyPull(
  deps: AppDeps,
  at: string,
  options: { onError: (error: unknown) => void },
): PullSchedule {
  return startPeriodicTask({
    run: () => runDailyPull(deps, at, options.onError),
    firstDelayMs: 0,
    nextDelayMs: () => CHECK_EVERY_MS,
    onError: options.onError,
    graceMs: deps.config.shutdownGraceSeconds * 1000,
  });
}

/**
 * The day a new demo's first pull asks for: yesterday, or on a weekend the last day whose payments
 * count as late already (RECON_EXPECTED_DAYS business days), so that the planted missing-at-bank
 * shows as a break, not as expected.
 */
export function firstDemoPullDay(now: Date, timeZone: string, expectedDays: number): string {
  const yesterday = addDays(businessDate(now, timeZone), -1);
  const lateDay = businessDate(
    new Date(Date.parse(lateBefore(now, timeZone, expectedDays)) - 1),
    timeZone,
  );
  return lateDay < yesterday ? lateDay : yesterday;
}

/**
 * A new demo: every pullable account's statement of firstDemoPullDay, claimed as today's daily
 * pull (so the schedule does not pull again today). Returns the import results.
 */
export async function runFirstDemoPull(
  deps: AppDeps,
  onError: (error: unknown) => void,
): Promise<StatementImportResult[]> {
  const now = deps.clock.now();
  const tz = deps.config.businessTz;
  const day = firstDemoPullDay(now, tz, deps.config.reconExpectedDays);
  const results: StatementImportResult[] = [];
  for (const baccId of await pullableAccounts(deps)) {
    if (!(await claimDay(deps, baccId, businessDate(now, tz)))) continue;
    try {
      results.push(
        await pullStatement(
          deps,
          SYSTEM_ACTOR,
          { baccId, from: day, to: day },
          { scheduled: true },
        ),
      );
    } catch (error) {
      onError(error);
    }
  }
  return results;
}
