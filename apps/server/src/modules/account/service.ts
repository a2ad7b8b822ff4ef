/** Manage Account: a user changes their own username and password (spec §2, §5). */
import {
  AUDIT_ACTIONS,
  MESSAGES,
  policyAsksCurrentPassword,
  type AccountLoginBody,
} from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { Conflict, Invalid, NotFound } from '../../shared/errors.ts';
import type { Actor } from '../../shared/actor.ts';
import { verifyPassword } from '../../security/passwords.ts';
import { recordAudit } from '../audit/service.ts';
import { recheckFailed, recheckPassed } from '../auth/lockout.ts';
import {
  changeCredentials,
  findLogin,
  findPasswordHash,
  isUsernameTaken,
} from '../auth/credentials.ts';

export async function usernameAvailable(
  deps: AppDeps,
  username: string,
  forUserId: string,
): Promise<boolean> {
  return !(await isUsernameTaken(deps.db, username, forUserId));
}

/**
 * Changes the credentials and revokes every session of the user: they sign in again. The change
 * and its account.credentials.changed event (which of username and password changed, never
 * their values) commit together. Under PASSWORD_POLICY=pci a change asks for the current
 * password (a wrong one is a failed re-check, lockout.ts: the tenth locks the account and ends
 * every session), and a session that may only change its
 * password (expired, set by somebody else) must bring a new one.
 */
export async function updateOwnLogin(
  deps: AppDeps,
  actor: Actor,
  body: AccountLoginBody,
): Promise<void> {
  const { session } = actor;
  const now = iso(deps.clock.now());
  const target = { type: 'user', id: session.userId };
  if (session.passwordChangeRequired && !body.usloPassword) {
    throw new Invalid(MESSAGES.newPasswordRequired, { usloPassword: MESSAGES.newPasswordRequired });
  }
  const login = await findLogin(deps.db, session.userId);
  if (!login) throw new NotFound();
  const changing = Boolean(body.usloPassword) || body.usloUserName !== login.usloUserName;
  const asked = policyAsksCurrentPassword(deps.config.passwordPolicy) && changing;
  if (asked) {
    if (!body.currentPassword)
      throw new Invalid(MESSAGES.currentPasswordRequired, {
        currentPassword: MESSAGES.currentPasswordRequired,
      });
    const hash = await findPasswordHash(deps.db, session.userId);
    if (!hash || !(await verifyPassword(hash, body.currentPassword))) {
      throw await recheckFailed(
        deps,
        actor,
        { action: AUDIT_ACTIONS.credentialsChanged, details: { reason: 'wrong-current-password' } },
        new Invalid(MESSAGES.currentPasswordInvalid, {
          currentPassword: MESSAGES.currentPasswordInvalid,
        }),
      );
    }
  }
  await deps.db.transaction().execute(async (tx) => {
    if (asked) await recheckPassed(deps, tx, actor);
    const current = await findLogin(tx, session.userId);
    if (!current) throw new NotFound();
    if (await isUsernameTaken(tx, body.usloUserName, session.userId)) {
      throw new Conflict(MESSAGES.usernameTaken, { usloUserName: MESSAGES.usernameTaken });
    }
    const change = { username: body.usloUserName, password: body.usloPassword };
    await changeCredentials(
      tx,
      session.userId,
      change,
      session.userId,
      now,
      deps.config.passwordPolicy,
    );
    const changed = [
      ...(body.usloUserName !== current.usloUserName ? ['username'] : []),
      ...(body.usloPassword ? ['password'] : []),
    ];
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.credentialsChanged,
      target,
      details: { changed },
    });
  });
}
