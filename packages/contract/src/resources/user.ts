/**
 * User (spec §3): /master/user. A user row shows its login's username; the password is a form
 * input only (never listed, filtered or returned). Create may carry the login too: both
 * usloUserName and usloPassword, or neither.
 */
import { z } from 'zod';
import type { ScreenResourceDef } from '../resource.ts';
import { MESSAGES, isRequired } from '../messages.ts';
import { optionalPassword, password, statusFlag, userId, username } from '../rules.ts';
import { USER_STATUS_OPTIONS, auditFields } from './fields.ts';
import { userLoginResource } from './user-login.ts';

export const userResource: ScreenResourceDef = {
  path: '/master/user',
  entity: 'User',
  idField: 'userId',
  access: { read: 'master_user', write: 'master_user' },
  unique: [
    { columns: ['userId'], field: 'userId', label: 'User ID', lookupWhileTyping: true },
    { columns: ['usloUserName'], field: 'usloUserName', label: 'Username', lookupWhileTyping: true, lookupPath: userLoginResource.path },
  ],
  toasts: MESSAGES.master.user,
  fields: [
    { name: 'userId', label: 'User ID', type: 'string', input: 'text', key: true, searchable: true },
    { name: 'usloUserName', label: 'Username', type: 'string', input: 'text', searchable: true },
    { name: 'usloPassword', label: 'Password', type: 'string', input: 'password', hidden: true, derived: true },
    { name: 'userStatus', label: 'Status', type: 'number', input: 'dropdown', options: USER_STATUS_OPTIONS },
    // Filled by the server: only a Superadmin may change a user who holds the Superadmin role.
    { name: 'userIsSuperadmin', label: 'Superadmin', type: 'bool', input: 'none', hidden: true, derived: true },
    // Filled by the server: set while a sign-in lockout is in force (a Superadmin can unlock).
    { name: 'userLockedUntil', label: 'Locked Until', type: 'date', input: 'none', hidden: true, derived: true },
    // Filled by the server: whether two-factor sign-in is on (a Superadmin can reset it).
    { name: 'userTwoFactor', label: 'Two-factor', type: 'bool', input: 'none', hidden: true, derived: true },
    ...auditFields('user'),
  ],
  defaultOrder: { field: 'userId', direction: 'desc' },
};

export const userCreateBody = z
  .strictObject({
    userId,
    userStatus: statusFlag('Status'),
    usloUserName: username().optional(),
    usloPassword: password.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.usloUserName !== undefined && body.usloPassword === undefined) {
      ctx.addIssue({ code: 'custom', path: ['usloPassword'], message: MESSAGES.passwordRequired });
    }
    if (body.usloPassword !== undefined && body.usloUserName === undefined) {
      ctx.addIssue({ code: 'custom', path: ['usloUserName'], message: isRequired('Username') });
    }
  });

/** Edit: User ID is read-only (it may be sent and must match the URL); an empty password keeps the old one. */
export const userUpdateBody = z.strictObject({
  userId: z.string().optional(),
  userStatus: statusFlag('Status'),
  usloUserName: username().optional(),
  usloPassword: optionalPassword,
});
export type UserCreateBody = z.infer<typeof userCreateBody>;
export type UserUpdateBody = z.infer<typeof userUpdateBody>;
