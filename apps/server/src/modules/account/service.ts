/** Manage Account: a user changes their own username and password (spec §2, §5). */
import { MESSAGES, type AccountLoginBody } from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { Conflict, NotFound } from '../../shared/errors.ts';
import type { SessionContext } from '../../shared/session.ts';
import { changeCredentials, findLogin, isUsernameTaken } from '../auth/credentials.ts';

export async function usernameAvailable(deps: AppDeps, username: string, forUserId: string): Promise<boolean> {
  return !(await isUsernameTaken(deps.db, username, forUserId));
}

/** Changes the credentials and revokes every session of the user: they sign in again. */
export async function updateOwnLogin(deps: AppDeps, session: SessionContext, body: AccountLoginBody): Promise<void> {
  const now = iso(deps.clock.now());
  await deps.db.transaction().execute(async (tx) => {
    if (!(await findLogin(tx, session.userId))) throw new NotFound();
    if (await isUsernameTaken(tx, body.usloUserName, session.userId)) {
      throw new Conflict(MESSAGES.usernameTaken, { usloUserName: MESSAGES.usernameTaken });
    }
    await changeCredentials(tx, session.userId, { username: body.usloUserName, password: body.usloPassword }, session.userId, now);
  });
}
