/** Role (spec §3): /master/roles. Its bodies are in role-body.ts. */
import { MESSAGES } from '../messages.ts';
import type { ScreenResourceDef } from '../resource.ts';
import { auditFields, idField } from './fields.ts';

export const roleResource: ScreenResourceDef = {
  path: '/master/roles',
  entity: 'Role',
  idField: 'roleId',
  access: { read: 'master_role', write: 'master_role' },
  unique: [{ columns: ['roleName'], field: 'roleName', label: 'Role Name' }],
  toasts: MESSAGES.master.role,
  fields: [
    idField('roleId'),
    { name: 'roleName', label: 'Role Name', type: 'string', input: 'text', searchable: true },
    ...auditFields('role'),
  ],
  defaultOrder: { field: 'roleCreatedTime', direction: 'asc' },
};
