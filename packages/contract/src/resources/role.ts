/** Role (spec §3): /master/roles. */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import type { ScreenResourceDef } from '../resource.ts';
import { idInBody, roleName } from '../rules.ts';
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

export const roleCreateBody = z.strictObject({ roleName });
export const roleUpdateBody = z.strictObject({ roleId: idInBody, roleName });
export type RoleCreateBody = z.infer<typeof roleCreateBody>;
export type RoleUpdateBody = z.infer<typeof roleUpdateBody>;
