/** /master/User_Login: a user's login on its own (the web client may create it after the user). */
import type { UserLoginCreateBody, UserLoginUpdateBody } from '@tagih/contract';
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { auditOnCreate } from '../../../db/audit.ts';
import { Conflict, NotFound } from '../../../shared/errors.ts';
import { hashPassword } from '../../../security/passwords.ts';
import { changeCredentials, endSessions, findLogin } from '../../auth/credentials.ts';
import type { SessionContext } from '../../../shared/session.ts';
import { get, withoutBodyId } from '../crud-service.ts';
import type { ApiRow, Values, WriteHandlers } from '../resource-config.ts';
import { userLogins } from '../resources/users.ts';
import { guardedWrite } from '../write-errors.ts';
import * as repo from './repo.ts';

export const SELF_LOGIN_DELETE_MESSAGE = 'You cannot delete your own login.';

async function createLogin(deps: AppDeps, session: SessionContext, values: Values): Promise<ApiRow> {
  const body = values as UserLoginCreateBody;
  const row = { usloUserId: body.usloUserId, usloUserName: body.usloUserName, usloPassword: await hashPassword(body.usloPassword) };
  await guardedWrite(deps.db, userLogins, values, () =>
    repo.insertLogin(deps.db, { ...row, ...auditOnCreate('uslo', session.userId, iso(deps.clock.now())) }),
  );
  return get(deps, userLogins, body.usloUserId);
}

async function updateLogin(deps: AppDeps, session: SessionContext, id: string | number, values: Values): Promise<ApiRow> {
  const userId = String(id);
  const body = withoutBodyId(userLogins, userId, values) as Omit<UserLoginUpdateBody, 'usloUserId'>;
  const now = iso(deps.clock.now());
  await guardedWrite(deps.db, userLogins, values, () =>
    deps.db.transaction().execute(async (tx) => {
      const login = await findLogin(tx, userId);
      if (!login) throw new NotFound(`User Login ${userId} not found.`);
      const renamed = body.usloUserName !== login.usloUserName;
      await changeCredentials(tx, userId, { username: renamed ? body.usloUserName : undefined, password: body.usloPassword }, session.userId, now);
    }),
  );
  return get(deps, userLogins, userId);
}

async function removeLogin(deps: AppDeps, session: SessionContext, id: string | number): Promise<void> {
  const userId = String(id);
  if (userId === session.userId) throw new Conflict(SELF_LOGIN_DELETE_MESSAGE);
  await deps.db.transaction().execute(async (tx) => {
    if (!(await repo.deleteLogin(tx, userId))) throw new NotFound(`User Login ${userId} not found.`);
    await endSessions(tx, userId, iso(deps.clock.now()));
  });
}

export const loginWrites: WriteHandlers = { create: createLogin, update: updateLogin, remove: removeLogin };
