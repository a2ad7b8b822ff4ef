/** /master/User_Login: a user's login on its own (the web client may create it after the user). */
import type { UserLoginCreateBody, UserLoginUpdateBody } from '@tagih/contract';
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { auditOnCreate } from '../../../db/audit.ts';
import { Conflict, NotFound } from '../../../shared/errors.ts';
import {
  changeCredentials,
  endSessions,
  findLogin,
  newLoginPassword,
  rememberNewLogin,
} from '../../auth/credentials.ts';
import type { Actor } from '../../../shared/actor.ts';
import { recordChange, recordingRefusals } from '../change-audit.ts';
import { assertMayChangeUser } from '../privilege-guard.ts';
import { find, get, withoutBodyId } from '../crud-service.ts';
import type { ApiRow, Values, WriteHandlers } from '../resource-config.ts';
import { userLogins } from '../resources/users.ts';
import { guardedWrite } from '../write-errors.ts';
import * as repo from './repo.ts';

export const SELF_LOGIN_DELETE_MESSAGE = 'You cannot delete your own login.';

async function createLogin(deps: AppDeps, actor: Actor, values: Values): Promise<ApiRow> {
  const body = values as UserLoginCreateBody;
  const by = actor.session.userId;
  const now = iso(deps.clock.now());
  const login = {
    userId: body.usloUserId,
    username: body.usloUserName,
    password: body.usloPassword,
  };
  const password = await newLoginPassword(deps.db, login, by, now, deps.config.passwordPolicy);
  const row = { usloUserId: body.usloUserId, usloUserName: body.usloUserName, ...password };
  const attempt = {
    resource: 'user_login',
    change: 'created',
    id: body.usloUserId,
    values,
  } as const;
  await recordingRefusals(deps, actor, attempt, () =>
    guardedWrite(deps.db, userLogins, values, () =>
      deps.db.transaction().execute(async (tx) => {
        await assertMayChangeUser(tx, actor, body.usloUserId);
        await repo.insertLogin(tx, { ...row, ...auditOnCreate('uslo', by, now) });
        await rememberNewLogin(tx, body.usloUserId, password.usloPassword, now);
        await recordChange(tx, deps, actor, {
          ...attempt,
          before: null,
          after: await find(deps, tx, userLogins, body.usloUserId),
        });
      }),
    ),
  );
  return get(deps, userLogins, body.usloUserId);
}

async function updateLogin(
  deps: AppDeps,
  actor: Actor,
  id: string | number,
  values: Values,
): Promise<ApiRow> {
  const userId = String(id);
  const body = withoutBodyId(userLogins, userId, values) as Omit<UserLoginUpdateBody, 'usloUserId'>;
  const now = iso(deps.clock.now());
  const attempt = { resource: 'user_login', change: 'updated', id: userId, values } as const;
  await recordingRefusals(deps, actor, attempt, () =>
    guardedWrite(deps.db, userLogins, values, () =>
      deps.db.transaction().execute(async (tx) => {
        const login = await findLogin(tx, userId);
        if (!login) throw new NotFound(`User Login ${userId} not found.`);
        await assertMayChangeUser(tx, actor, userId);
        const before = await find(deps, tx, userLogins, userId);
        const renamed = body.usloUserName !== login.usloUserName;
        await changeCredentials(
          tx,
          userId,
          { username: renamed ? body.usloUserName : undefined, password: body.usloPassword },
          actor.session.userId,
          now,
          deps.config.passwordPolicy,
        );
        const after = {
          ...(await find(deps, tx, userLogins, userId)),
          ...(body.usloPassword ? { usloPassword: 'changed' } : {}),
        };
        await recordChange(tx, deps, actor, { ...attempt, before, after });
      }),
    ),
  );
  return get(deps, userLogins, userId);
}

async function removeLogin(deps: AppDeps, actor: Actor, id: string | number): Promise<void> {
  const userId = String(id);
  if (userId === actor.session.userId) throw new Conflict(SELF_LOGIN_DELETE_MESSAGE);
  const attempt = { resource: 'user_login', change: 'deleted', id: userId, values: null } as const;
  await recordingRefusals(deps, actor, attempt, () =>
    deps.db.transaction().execute(async (tx) => {
      const before = await find(deps, tx, userLogins, userId);
      if (!before) throw new NotFound(`User Login ${userId} not found.`);
      await assertMayChangeUser(tx, actor, userId);
      await repo.deleteLogin(tx, userId);
      await endSessions(tx, userId, iso(deps.clock.now()));
      await recordChange(tx, deps, actor, { ...attempt, before, after: null });
    }),
  );
}

export const loginWrites: WriteHandlers = {
  create: createLogin,
  update: updateLogin,
  remove: removeLogin,
};
