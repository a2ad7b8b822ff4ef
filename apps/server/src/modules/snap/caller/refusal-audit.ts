/**
 * Refused /snap calls in the audit trail without letting a flood write it: one event per subject
 * and reason per clock minute, with a count. The subject is the caller when it was identified (a
 * known client id whose signature or timestamp failed: `snap:<client id>`) and the client address
 * otherwise (an unknown client id, a made-up token, a partner id that is not the token's:
 * `address:<ip>`), so that an attacker cannot make new subjects by inventing names.
 *
 * The first refusal of a subject and reason in a minute is written at once (snap.denied, as
 * before: an operator sees it now); the others of that minute are counted in memory and written as
 * ONE summarising snap.denied event (details.summary true, details.count, from, to) once the minute
 * is over: when the next refusal of that subject and reason comes, by a timer every 15 s, and at
 * shutdown. So 1,000 bad calls in a minute write 2 rows per subject and reason, not 1,000. Every
 * refusal, written or counted, is also counted in tagih_snap_refusals_total by reason. Per server:
 * N servers write up to N summaries; a crash loses at most the counts of the current minute.
 */
import { AUDIT_ACTIONS, SNAP_ANSWERS } from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import type { AuditContext } from '../../../shared/audit-context.ts';
import { recordAudit } from '../../audit/service.ts';
import type { SnapService } from '../answers.ts';
import { snapAudit, type SnapCall } from './call.ts';

/** The reason of a call refused by address-limit.ts. */
export const ADDRESS_LIMITED = 'Too many failed calls from this address';

/** Reasons given before the caller is identified: recorded by the client address. */
const UNIDENTIFIED: ReadonlySet<string> = new Set([
  SNAP_ANSWERS.reason.unknownClient,
  SNAP_ANSWERS.invalidToken,
  SNAP_ANSWERS.reason.partnerId,
  ADDRESS_LIMITED,
]);

interface Tally {
  minute: number;
  subject: string;
  reason: string;
  /** Refusals after the first of the minute. */
  count: number;
  services: Set<string>;
  context: AuditContext;
  clientIds: Set<string>;
}

/** Distinct client ids kept in a summary (what the callers claimed to be). */
const MAX_CLIENT_IDS = 20;
/** Subjects tracked at once; past it the new ones are counted under `address:*`. */
const MAX_TALLIES = 10_000;

const talliesOf = new WeakMap<AppDeps, Map<string, Tally>>();

function tallies(deps: AppDeps): Map<string, Tally> {
  let map = talliesOf.get(deps);
  if (!map) {
    map = new Map();
    talliesOf.set(deps, map);
  }
  return map;
}

const minuteNow = (deps: AppDeps) => Math.floor(deps.clock.now().getTime() / 60_000);
const minuteIso = (minute: number) => new Date(minute * 60_000).toISOString();

/** Records a refused call: the first of its subject and reason this minute at once, the others counted for the minute's summary. */
export async function recordRefusal(
  deps: AppDeps,
  call: SnapCall,
  service: SnapService,
  reason: string,
  responseCode: string,
): Promise<void> {
  const claimed = (call.headers['x-client-key'] ?? call.headers['x-partner-id'] ?? '').slice(
    0,
    128,
  );
  const byAddress = UNIDENTIFIED.has(reason) || !claimed;
  const map = tallies(deps);
  let subject = byAddress ? `address:${call.ip ?? 'unknown'}` : `snap:${claimed}`;
  if (map.size >= MAX_TALLIES && !map.has(`${subject}|${reason}`)) subject = 'address:*';
  const key = `${subject}|${reason}`;
  const minute = minuteNow(deps);
  const tally = map.get(key);
  if (tally && tally.minute === minute) {
    tally.count += 1;
    tally.services.add(service);
    if (claimed && tally.clientIds.size < MAX_CLIENT_IDS) tally.clientIds.add(claimed);
    return;
  }
  if (tally) {
    map.delete(key);
    await writeSummary(deps, tally);
  }
  const context = snapAudit(call, byAddress ? `snap:${claimed || 'unknown'}` : subject);
  map.set(key, {
    minute,
    subject,
    reason,
    count: 0,
    services: new Set([service]),
    context,
    clientIds: new Set(claimed ? [claimed] : []),
  });
  await recordAudit(deps.db, deps.clock, context, {
    action: AUDIT_ACTIONS.snapDenied,
    outcome: 'denied',
    details: {
      service,
      path: call.path,
      clientId: claimed || null,
      reason,
      responseCode,
      subject,
      firstOfMinute: true,
    },
  });
}

async function writeSummary(deps: AppDeps, tally: Tally): Promise<void> {
  if (tally.count === 0) return;
  await recordAudit(
    deps.db,
    deps.clock,
    { ...tally.context, actorUsername: tally.subject.slice(0, 255) },
    {
      action: AUDIT_ACTIONS.snapDenied,
      outcome: 'denied',
      details: {
        summary: true,
        subject: tally.subject,
        reason: tally.reason,
        count: tally.count,
        services: [...tally.services].sort(),
        clientIds: [...tally.clientIds],
        from: minuteIso(tally.minute),
        to: minuteIso(tally.minute + 1),
      },
    },
  );
}

/** Writes the summaries of the minutes that are over (all of them with `all`, at shutdown). */
export async function flushRefusalSummaries(deps: AppDeps, all = false): Promise<number> {
  const map = tallies(deps);
  const minute = minuteNow(deps);
  let written = 0;
  for (const [key, tally] of [...map]) {
    if (!all && tally.minute === minute) continue;
    map.delete(key);
    if (tally.count > 0) written += 1;
    await writeSummary(deps, tally);
  }
  return written;
}
