/** Users (with their login's username) and logins. Their writes live in ../users/. Hashes are never selected. */
import { userCreateBody, userLoginCreateBody, userLoginResource, userLoginUpdateBody, userResource, userUpdateBody } from '@tagih/contract';
import type { MasterResource, UniqueRule } from '../resource-config.ts';
import { audit } from './columns.ts';

const usernameUnique: UniqueRule = { columns: ['usloUserName'], field: 'usloUserName', label: 'Username' };

export const users: MasterResource = {
  def: userResource,
  table: 'users',
  idColumn: 'userId',
  idKind: 'text',
  auditPrefix: 'user',
  access: { read: 'master_user', write: 'master_user' },
  from: (db) => db.selectFrom('users').leftJoin('user_logins', 'user_logins.usloUserId', 'users.userId'),
  select: (qb) => qb.select(['users.userId', 'users.userStatus', ...audit('user', 'users'), 'user_logins.usloUserName']),
  columns: { usloUserName: 'user_logins.usloUserName' },
  bodies: { create: userCreateBody, update: userUpdateBody },
  unique: [{ columns: ['userId'], field: 'userId', label: 'User ID' }, usernameUnique],
};

/** Addressed by user id: one login per user. */
export const userLogins: MasterResource = {
  def: userLoginResource,
  table: 'user_logins',
  idColumn: 'usloUserId',
  idKind: 'text',
  auditPrefix: 'uslo',
  access: { read: 'master_user', write: 'master_user' },
  from: (db) => db.selectFrom('user_logins'),
  select: (qb) => qb.select(['usloId', 'usloUserId', 'usloUserName', ...audit('uslo')]),
  getById: true,
  bodies: { create: userLoginCreateBody, update: userLoginUpdateBody },
  unique: [usernameUnique, { columns: ['usloUserId'], field: 'usloUserId', label: 'User ID' }],
  references: [{ field: 'usloUserId', label: 'User', table: 'users', column: 'userId' }],
};
