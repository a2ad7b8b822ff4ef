/**
 * User (spec §3): /master/user. A user row shows its login's username; the password is a form
 * input only (never listed, filtered or returned). Create may carry the login too: both
 * usloUserName and usloPassword, or neither. Its create and edit bodies are in user-body.ts.
 */
import type { ScreenResourceDef } from '../resource.ts';
import { MESSAGES } from '../messages.ts';
import { USER_STATUS_OPTIONS, auditFields } from './fields.ts';
import { userLoginResource } from './user-login.ts';

export const userResource: ScreenResourceDef = {
  path: '/master/user',
  entity: 'User',
  idField: 'userId',
  access: { read: 'master_user', write: 'master_user' },
  unique: [
    { columns: ['userId'], field: 'userId', label: 'User ID', lookupWhileTyping: true },
    {
      columns: ['usloUserName'],
      field: 'usloUserName',
      label: 'Username',
      lookupWhileTyping: true,
      lookupPath: userLoginResource.path,
    },
  ],
  toasts: MESSAGES.master.user,
  fields: [
    {
      name: 'userId',
      label: 'User ID',
      type: 'string',
      input: 'text',
      key: true,
      searchable: true,
    },
    { name: 'usloUserName', label: 'Username', type: 'string', input: 'text', searchable: true },
    {
      name: 'usloPassword',
      label: 'Password',
      type: 'string',
      input: 'password',
      hidden: true,
      derived: true,
    },
    {
      name: 'userStatus',
      label: 'Status',
      type: 'number',
      input: 'dropdown',
      options: USER_STATUS_OPTIONS,
    },
    // Filled by the server: only a Superadmin may change a user who holds the Superadmin role.
    {
      name: 'userIsSuperadmin',
      label: 'Superadmin',
      type: 'bool',
      input: 'none',
      hidden: true,
      derived: true,
    },
    // Filled by the server: set while a sign-in lockout is in force (a Superadmin can unlock).
    {
      name: 'userLockedUntil',
      label: 'Locked Until',
      type: 'date',
      input: 'none',
      hidden: true,
      derived: true,
    },
    // Filled by the server: whether two-factor sign-in is on (a Superadmin can reset it).
    {
      name: 'userTwoFactor',
      label: 'Two-factor',
      type: 'bool',
      input: 'none',
      hidden: true,
      derived: true,
    },
    ...auditFields('user'),
  ],
  defaultOrder: { field: 'userId', direction: 'desc' },
};
