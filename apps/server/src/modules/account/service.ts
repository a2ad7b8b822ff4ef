/** Manage Account: a user changes their own username and password (spec §2, §5). */
import { MESSAGES, type AccountLoginBody } from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { hashPassword } from '../../security/passwords.ts';
import { findLoginByUserId, isUsernameTaken, revokeUserSessions } from '../auth/repo.ts';
import type { SessionContext } from '../auth/service.ts';

export async function usernameAvailable(deps: AppDeps, username: string, forUserId: string): Promise<boolean> {
  return !(await isUsernameTaken(deps.db, username, forUserId));
}

/** Changes the credentials and revokes every session of the user: they sign in again. */
export async function updateOwnLogin(deps: AppDeps, session: SessionContext, body: AccountLoginBody): Promise<void> {
  const now = iso(deps.clock.now());
  const passwordHash = body.usloPassword ? await hashPassword(body.usloPassword) : undefined;
  await deps.db.transaction().execute(async (tx) => {
    const login = await findLoginByUserId(tx, session.userId);
    if (!login) throw new NotFound();
    if (await isUsernameTaken(tx, body.usloUserName, session.userId)) {
      throw new Conflict(MESSAGES.usernameTaken, { usloUserName: MESSAGES.usernameTaken });
    }
    await tx
      .updateTable('user_logins')
      .set({
        usloUserName: body.usloUserName,
        ...(passwordHash ? { usloPassword: passwordHash } : {}),
        usloUpdatedTime: now,
        usloUpdatedUserId: session.userId,
      })
      .where('usloUserId', '=', session.userId)
      .execute();
    await revokeUserSessions(tx, session.userId, now);
  });
}
