/**
 * Getting in again when the passwords are lost (`npm run user:reset-password -- <username>`):
 * gives a login a new password (checked against PASSWORD_POLICY; under `pci` it must be changed
 * at the next sign-in, as any password set by somebody else), ends its sessions, lifts its
 * sign-in lockouts and records it in the audit trail, all in one transaction.
 */
import { AUDIT_ACTIONS, password as passwordRule, type PasswordPolicy } from '@tagih/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { Invalid, NotFound } from '../../shared/errors.ts';
import { recordAudit, type AuditContext } from '../audit/service.ts';
import { changeCredentials, clearSignInLockout } from './credentials.ts';
import * as repo from './repo.ts';

/** Who the audit trail names for a reset from the command line (no signed-in user). */
export const RESET_PASSWORD_ACTOR = 'cli:user:reset-password';

const CLI_CONTEXT: AuditContext = {
  actorUserId: null,
  actorUsername: RESET_PASSWORD_ACTOR,
  compId: null,
  ip: null,
  userAgent: null,
};

/** Sets the password of `username`; NotFound when there is no such login, Invalid (password field) when the policy refuses it. */
export async function resetPassword(
  db: Db,
  clock: Clock,
  policy: PasswordPolicy,
  username: string,
  password: string,
): Promise<{ userId: string }> {
  // The user forms' rule (6 to 50 characters) first; the policy's own rules in changeCredentials.
  const shape = passwordRule.safeParse(password);
  if (!shape.success)
    throw new Invalid(shape.error.issues[0]!.message, { password: shape.error.issues[0]!.message });
  const nowIso = clock.now().toISOString();
  return db.kysely.transaction().execute(async (tx) => {
    const login = await repo.findLoginByUsername(tx, username);
    if (!login) throw new NotFound(`No user signs in as '${username}'.`);
    const userId = login.usloUserId;
    await changeCredentials(tx, userId, { password }, RESET_PASSWORD_ACTOR, nowIso, policy);
    const lockout = await clearSignInLockout(tx, userId);
    await recordAudit(tx, clock, CLI_CONTEXT, {
      action: AUDIT_ACTIONS.master.user_login.updated,
      target: { type: 'user_login', id: userId },
      details: {
        changed: ['usloPassword'],
        by: RESET_PASSWORD_ACTOR,
        wasLockedUntil: lockout?.wasLockedUntil ?? null,
        active: login.userStatus === 1,
      },
    });
    return { userId };
  });
}
