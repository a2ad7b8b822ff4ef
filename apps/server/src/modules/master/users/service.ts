/**
 * A user and its login are written together, in one transaction: create makes both (when the
 * body carries usloUserName + usloPassword), edit updates both, delete removes the user with
 * its login, role and company links and sessions. Nobody deletes or deactivates themselves.
 */
import { MESSAGES, type UserCreateBody, type UserUpdateBody } from '@tagih/contract';
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { auditOnCreate, auditOnUpdate } from '../../../db/audit.ts';
import { Conflict, Invalid, NotFound } from '../../../shared/errors.ts';
import { assertSuperadminRemains } from '../superadmin-guard.ts';
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
import { users } from '../resources/users.ts';
import { guardedWrite } from '../write-errors.ts';
import * as repo from './repo.ts';

export const SELF_DELETE_MESSAGE = 'You cannot delete your own account.';
export const SELF_DEACTIVATE_MESSAGE = 'You cannot deactivate your own account.';

async function createUser(deps: AppDeps, actor: Actor, values: Values): Promise<ApiRow> {
  const body = values as UserCreateBody;
  const by = actor.session.userId;
  const now = iso(deps.clock.now());
  const policy = deps.config.passwordPolicy;
  const password =
    body.usloUserName && body.usloPassword
      ? await newLoginPassword(
          deps.db,
          { userId: body.userId, username: body.usloUserName, password: body.usloPassword },
          by,
          now,
          policy,
        )
      : undefined;
  await guardedWrite(deps.db, users, values, () =>
    deps.db.transaction().execute(async (tx) => {
      await repo.insertUser(tx, {
        userId: body.userId,
        userStatus: body.userStatus,
        ...auditOnCreate('user', by, now),
      });
      if (body.usloUserName && password) {
        await repo.insertLogin(tx, {
          usloUserId: body.userId,
          usloUserName: body.usloUserName,
          ...password,
          ...auditOnCreate('uslo', by, now),
        });
        await rememberNewLogin(tx, body.userId, password.usloPassword, now);
      }
      const after = await find(deps, tx, users, body.userId);
      await recordChange(tx, deps, actor, {
        resource: 'user',
        change: 'created',
        id: body.userId,
        before: null,
        after,
      });
    }),
  );
  return get(deps, users, body.userId);
}

async function updateUser(
  deps: AppDeps,
  actor: Actor,
  id: string | number,
  values: Values,
): Promise<ApiRow> {
  const { session } = actor;
  const userId = String(id);
  const body = withoutBodyId(users, userId, values) as Omit<UserUpdateBody, 'userId'>;
  if (userId === session.userId && body.userStatus === 0)
    throw new Conflict(SELF_DEACTIVATE_MESSAGE, { userStatus: SELF_DEACTIVATE_MESSAGE });
  const now = iso(deps.clock.now());
  const password = body.usloPassword || undefined;
  const attempt = { resource: 'user', change: 'updated', id: userId, values } as const;
  await recordingRefusals(deps, actor, attempt, () =>
    guardedWrite(deps.db, users, values, () =>
      deps.db.transaction().execute(async (tx) => {
        const before = await find(deps, tx, users, userId);
        if (!before) throw new NotFound(`User ${userId} not found.`);
        await assertMayChangeUser(tx, actor, userId);
        await repo.updateUser(tx, userId, {
          userStatus: body.userStatus,
          ...auditOnUpdate('user', session.userId, now),
        });
        const login = await findLogin(tx, userId);
        const renamed =
          body.usloUserName !== undefined && body.usloUserName !== login?.usloUserName;
        const newCredentials = login !== undefined && (renamed || password !== undefined);
        if (newCredentials) {
          await changeCredentials(
            tx,
            userId,
            { username: renamed ? body.usloUserName : undefined, password },
            session.userId,
            now,
            deps.config.passwordPolicy,
          );
        } else if (!login && body.usloUserName) {
          if (!password)
            throw new Invalid(MESSAGES.passwordRequired, {
              usloPassword: MESSAGES.passwordRequired,
            });
          const set = await newLoginPassword(
            tx,
            { userId, username: body.usloUserName, password },
            session.userId,
            now,
            deps.config.passwordPolicy,
          );
          await repo.insertLogin(tx, {
            usloUserId: userId,
            usloUserName: body.usloUserName,
            ...set,
            ...auditOnCreate('uslo', session.userId, now),
          });
          await rememberNewLogin(tx, userId, set.usloPassword, now);
        } else if (!login && password) {
          throw new Invalid('Username is required', { usloUserName: 'Username is required' });
        }
        // Deactivation ends every session too (new credentials already did).
        if (body.userStatus === 0 && !newCredentials) await endSessions(tx, userId, now);
        await assertSuperadminRemains(tx);
        const after = {
          ...(await find(deps, tx, users, userId)),
          ...(password ? { usloPassword: 'changed' } : {}),
        };
        await recordChange(tx, deps, actor, { ...attempt, before, after });
      }),
    ),
  );
  return get(deps, users, userId);
}

async function removeUser(deps: AppDeps, actor: Actor, id: string | number): Promise<void> {
  const userId = String(id);
  if (userId === actor.session.userId) throw new Conflict(SELF_DELETE_MESSAGE);
  const attempt = { resource: 'user', change: 'deleted', id: userId, values: null } as const;
  await recordingRefusals(deps, actor, attempt, () =>
    deps.db.transaction().execute(async (tx) => {
      const before = await find(deps, tx, users, userId);
      if (!before) throw new NotFound(`User ${userId} not found.`);
      await assertMayChangeUser(tx, actor, userId);
      // Ended first (then deleted with the user), so that the user's open live streams close at once.
      await endSessions(tx, userId, iso(deps.clock.now()));
      await repo.deleteUserWithLinks(tx, userId);
      await assertSuperadminRemains(tx);
      await recordChange(tx, deps, actor, { ...attempt, before, after: null });
    }),
  );
}

export const userWrites: WriteHandlers = {
  create: createUser,
  update: updateUser,
  remove: removeUser,
};
