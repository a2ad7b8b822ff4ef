/** A Superadmin ends another user's sign-in lockout (PCI DSS 8.3.4: locked out until an administrator unlocks). */
import { AUDIT_ACTIONS, MESSAGES } from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import type { Actor } from '../../../shared/actor.ts';
import { Forbidden, NotFound } from '../../../shared/errors.ts';
import { recordAudit } from '../../audit/service.ts';
import { clearSignInLockout } from '../../auth/credentials.ts';

export async function unlockUser(
  deps: AppDeps,
  actor: Actor,
  userId: string,
): Promise<{ userId: string; username: string }> {
  const target = { type: 'user', id: userId };
  if (!actor.session.isSuperadmin) {
    await recordAudit(deps.db, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.unlocked,
      outcome: 'denied',
      target,
      details: { reason: MESSAGES.forbidden },
    });
    throw new Forbidden(`${MESSAGES.forbidden} (only a Superadmin unlocks users)`);
  }
  return deps.db.transaction().execute(async (tx) => {
    const cleared = await clearSignInLockout(tx, userId);
    if (!cleared) throw new NotFound(`User ${userId} has no login.`);
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.unlocked,
      target,
      details: { username: cleared.username, wasLockedUntil: cleared.wasLockedUntil },
    });
    return { userId, username: cleared.username };
  });
}
