/** Users (with their login's username) and logins. Their writes live in ../users/. Hashes are never selected. */
import { userCreateBody, userLoginCreateBody, userLoginResource, userLoginUpdateBody, userResource, userUpdateBody } from '@tagih/contract';
import type { MasterResource, UniqueRule } from '../resource-config.ts';
import { userLoginRows, userRows } from './rows-repo.ts';

const usernameUnique: UniqueRule = { columns: ['usloUserName'], field: 'usloUserName', label: 'Username' };

export const users: MasterResource = {
  def: userResource,
  idKind: 'text',
  auditPrefix: 'user',
  access: { read: 'master_user', write: 'master_user' },
  rows: userRows,
  bodies: { create: userCreateBody, update: userUpdateBody },
  unique: [{ columns: ['userId'], field: 'userId', label: 'User ID' }, usernameUnique],
};

/** Addressed by user id: one login per user. */
export const userLogins: MasterResource = {
  def: userLoginResource,
  idKind: 'text',
  auditPrefix: 'uslo',
  access: { read: 'master_user', write: 'master_user' },
  rows: userLoginRows,
  getById: true,
  bodies: { create: userLoginCreateBody, update: userLoginUpdateBody },
  unique: [usernameUnique, { columns: ['usloUserId'], field: 'usloUserId', label: 'User ID' }],
  references: [{ field: 'usloUserId', label: 'User', table: 'users', column: 'userId' }],
};
