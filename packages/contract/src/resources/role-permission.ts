/** Role Permission (spec §3): /master/Role_Permission. Rows also carry rperRole {roleName} and rperPrms {prmsName}. Bodies: role-permission-body.ts. */
import { MESSAGES } from '../messages.ts';
import type { ScreenResourceDef } from '../resource.ts';
import { auditFields, idField } from './fields.ts';

export const rolePermissionResource: ScreenResourceDef = {
  path: '/master/Role_Permission',
  entity: 'Role Permission',
  idField: 'rperId',
  access: { read: 'master_role_permission', write: 'master_role_permission' },
  unique: [
    { columns: ['rperRoleId', 'rperPrmsId'], field: 'rperPrmsId', label: 'Role Permission' },
  ],
  toasts: MESSAGES.master.rolePermission,
  fields: [
    idField('rperId'),
    {
      name: 'rperRoleId',
      label: 'Role',
      type: 'number',
      input: 'dropdown-api',
      optionsApiPath: '/master/roles',
      hidden: true,
    },
    { name: 'roleName', label: 'Role Name', type: 'string', input: 'none', searchable: true },
    {
      name: 'rperPrmsId',
      label: 'Permission',
      type: 'number',
      input: 'dropdown-api',
      optionsApiPath: '/master/Permission',
      hidden: true,
    },
    { name: 'prmsName', label: 'Permission Name', type: 'string', input: 'none', searchable: true },
    { name: 'rperOperations', label: 'Operations', type: 'string', input: 'operations' },
    ...auditFields('rper'),
  ],
  defaultOrder: { field: 'rperCreatedTime', direction: 'asc' },
};
