/** Users (with their login's username) and logins. Their writes live in ../users/. Hashes are never selected. */
import { userCreateBody, userLoginCreateBody, userLoginResource, userLoginUpdateBody, userResource, userUpdateBody } from '@tagih/contract';
import type { MasterResource } from '../resource-config.ts';
import { userLoginRows, userRows } from './rows-repo.ts';

export const users: MasterResource = {
  def: userResource,
  idKind: 'text',
  auditPrefix: 'user',
  rows: userRows,
  bodies: { create: userCreateBody, update: userUpdateBody },
};

/** Addressed by user id: one login per user. */
export const userLogins: MasterResource = {
  def: userLoginResource,
  idKind: 'text',
  auditPrefix: 'uslo',
  rows: userLoginRows,
  getById: true,
  bodies: { create: userLoginCreateBody, update: userLoginUpdateBody },
  references: [{ field: 'usloUserId', label: 'User', table: 'users', column: 'userId' }],
};
