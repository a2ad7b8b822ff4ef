/** User Role (spec §3): /master/User_Role. Rows also carry usroRole {roleName}. Its bodies are in user-role-body.ts. */
import { MESSAGES } from '../messages.ts';
import type { ScreenResourceDef } from '../resource.ts';
import { auditFields, idField } from './fields.ts';

export const userRoleResource: ScreenResourceDef = {
  path: '/master/User_Role',
  entity: 'User Role',
  idField: 'usroId',
  access: { read: 'master_user_role', write: 'master_user_role' },
  unique: [{ columns: ['usroUserId', 'usroRoleId'], field: 'usroRoleId', label: 'User Role' }],
  toasts: MESSAGES.master.userRole,
  fields: [
    idField('usroId'),
    {
      name: 'usroUserId',
      label: 'User ID',
      type: 'string',
      input: 'dropdown-api',
      optionsApiPath: '/master/user',
      searchable: true,
    },
    {
      name: 'usroRoleId',
      label: 'Role',
      type: 'number',
      input: 'dropdown-api',
      optionsApiPath: '/master/roles',
      hidden: true,
    },
    { name: 'roleName', label: 'Role Name', type: 'string', input: 'none' },
    ...auditFields('usro'),
  ],
  defaultOrder: { field: 'usroCreatedTime', direction: 'asc' },
};
