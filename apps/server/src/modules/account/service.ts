/** Manage Account: a user changes their own username and password (spec §2, §5). */
import { AUDIT_ACTIONS, MESSAGES, type AccountLoginBody } from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { Conflict, NotFound } from '../../shared/errors.ts';
import type { Actor } from '../../shared/actor.ts';
import { recordAudit } from '../audit/service.ts';
import { changeCredentials, findLogin, isUsernameTaken } from '../auth/credentials.ts';

export async function usernameAvailable(deps: AppDeps, username: string, forUserId: string): Promise<boolean> {
  return !(await isUsernameTaken(deps.db, username, forUserId));
}

/**
 * Changes the credentials and revokes every session of the user: they sign in again. The change
 * and its account.credentials.changed event (which of username and password changed, never
 * their values) commit together.
 */
export async function updateOwnLogin(deps: AppDeps, actor: Actor, body: AccountLoginBody): Promise<void> {
  const { session } = actor;
  const now = iso(deps.clock.now());
  await deps.db.transaction().execute(async (tx) => {
    const login = await findLogin(tx, session.userId);
    if (!login) throw new NotFound();
    if (await isUsernameTaken(tx, body.usloUserName, session.userId)) {
      throw new Conflict(MESSAGES.usernameTaken, { usloUserName: MESSAGES.usernameTaken });
    }
    await changeCredentials(tx, session.userId, { username: body.usloUserName, password: body.usloPassword }, session.userId, now);
    const changed = [...(body.usloUserName !== login.usloUserName ? ['username'] : []), ...(body.usloPassword ? ['password'] : [])];
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.credentialsChanged,
      target: { type: 'user', id: session.userId },
      details: { changed },
    });
  });
}
