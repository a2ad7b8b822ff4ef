/** Users (with their login's username) and logins. Their writes live in ../users/. Hashes are never selected. */
import {
  userCreateBody,
  userLoginCreateBody,
  userLoginResource,
  userLoginUpdateBody,
  userResource,
  userUpdateBody,
} from '@tagih/contract';
import type { MasterResource } from '../resource-config.ts';
import { userLoginRows, userRows } from './rows-repo.ts';

export const users: MasterResource = {
  def: userResource,
  idKind: 'text',
  auditPrefix: 'user',
  auditName: 'user',
  rows: userRows,
  userField: 'userId',
  // Whether the user is a Superadmin, has two-factor on, and until when a sign-in lockout holds them (past ones read null).
  toRow: (row, nowIso) => ({
    ...row,
    userIsSuperadmin: Boolean(row.userIsSuperadmin),
    userTwoFactor: Boolean(row.userTwoFactor),
    userLockedUntil:
      typeof row.userLockedUntil === 'string' && row.userLockedUntil > nowIso
        ? row.userLockedUntil
        : null,
  }),
  bodies: { create: userCreateBody, update: userUpdateBody },
};

/** Addressed by user id: one login per user. */
export const userLogins: MasterResource = {
  def: userLoginResource,
  idKind: 'text',
  auditPrefix: 'uslo',
  auditName: 'user_login',
  rows: userLoginRows,
  userField: 'usloUserId',
  getById: true,
  bodies: { create: userLoginCreateBody, update: userLoginUpdateBody },
  references: [{ field: 'usloUserId', label: 'User', table: 'users', column: 'userId' }],
};
