/**
 * INACTIVE_DISABLE_DAYS (default 90, 0 = never): the hourly housekeeping (main.ts) deactivates
 * active users who have not signed in for that long — a user who never signed in counts from the
 * creation of its login (else of the user) — ends their sessions and records
 * account.disabled.inactive. The last active Superadmin is never deactivated.
 */
import { AUDIT_ACTIONS } from '@tagih/contract';
import { addMinutes, iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { SYSTEM_AUDIT_CONTEXT, recordAudit } from '../../audit/service.ts';
import { endSessions, holdsSuperadmin } from '../../auth/credentials.ts';
import * as repo from './repo.ts';

/** Deactivates the users inactive for INACTIVE_DISABLE_DAYS; returns their ids. */
export async function deactivateInactiveUsers(deps: AppDeps): Promise<string[]> {
  const days = deps.config.inactiveDisableDays;
  if (days <= 0) return [];
  const now = deps.clock.now();
  const cutoff = iso(addMinutes(now, -days * 24 * 60));
  const candidates = (await repo.findActiveUsersActivity(deps.db))
    .map((u) => ({ userId: u.userId, since: lastActivity(u) }))
    .filter((u): u is { userId: string; since: string } => u.since !== null && u.since < cutoff)
    .sort((a, b) => a.since.localeCompare(b.since));
  const deactivated: string[] = [];
  for (const candidate of candidates) {
    const done = await deps.db.transaction().execute(async (tx) => {
      // Read again: the user may have signed in (or another process done this) meanwhile.
      const fresh = await repo.findUserActivity(tx, candidate.userId);
      const since = fresh && fresh.userStatus === 1 ? lastActivity(fresh) : null;
      if (since === null || since >= cutoff) return false;
      if (
        (await holdsSuperadmin(tx, candidate.userId)) &&
        (await repo.countActiveSuperadmins(tx)) <= 1
      )
        return false;
      if (!(await repo.deactivateUser(tx, candidate.userId, iso(now)))) return false;
      await endSessions(tx, candidate.userId, iso(now));
      await recordAudit(tx, deps.clock, SYSTEM_AUDIT_CONTEXT, {
        action: AUDIT_ACTIONS.disabledInactive,
        target: { type: 'user', id: candidate.userId },
        details: { since, days, neverSignedIn: fresh!.usloLastLoginAt === null },
      });
      return true;
    });
    if (done) deactivated.push(candidate.userId);
  }
  return deactivated;
}

interface Activity {
  usloLastLoginAt: string | null;
  usloCreatedTime: string | null;
  userCreatedTime: string | null;
}

/** The last sign-in, else the login's creation, else the user's. */
const lastActivity = (u: Activity): string | null =>
  u.usloLastLoginAt ?? u.usloCreatedTime ?? u.userCreatedTime;
