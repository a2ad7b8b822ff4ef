/** Roles, permissions and the role-permission links that grant them. */
import {
  permissionCreateBody, permissionResource, permissionUpdateBody, roleCreateBody, rolePermissionCreateBody,
  rolePermissionResource, rolePermissionUpdateBody, roleResource, roleUpdateBody,
} from '@tagih/contract';
import type { MasterResource } from '../resource-config.ts';
import { permissionRows, rolePermissionRows, roleRows } from './rows-repo.ts';

export const roles: MasterResource = {
  def: roleResource,
  idKind: 'int',
  auditPrefix: 'role',
  access: { read: 'master_role', write: 'master_role' },
  rows: roleRows,
  bodies: { create: roleCreateBody, update: roleUpdateBody },
  unique: [{ columns: ['roleName'], field: 'roleName', label: 'Role Name' }],
  blockers: [
    { table: 'user_roles', column: 'usroRoleId', what: 'user roles' },
    { table: 'role_permissions', column: 'rperRoleId', what: 'role permissions' },
  ],
};

export const permissions: MasterResource = {
  def: permissionResource,
  idKind: 'int',
  auditPrefix: 'prms',
  access: { read: 'master_permission', write: 'master_permission' },
  rows: permissionRows,
  bodies: { create: permissionCreateBody, update: permissionUpdateBody },
  unique: [{ columns: ['prmsName'], field: 'prmsName', label: 'Permission Name' }],
  blockers: [{ table: 'role_permissions', column: 'rperPrmsId', what: 'role permissions' }],
};

export const rolePermissions: MasterResource = {
  def: rolePermissionResource,
  idKind: 'int',
  auditPrefix: 'rper',
  access: { read: 'master_role_permission', write: 'master_role_permission' },
  rows: rolePermissionRows,
  toRow: (row) => ({ ...row, rperRole: { roleName: row.roleName }, rperPrms: { prmsName: row.prmsName } }),
  bodies: { create: rolePermissionCreateBody, update: rolePermissionUpdateBody },
  unique: [{ columns: ['rperRoleId', 'rperPrmsId'], field: 'rperPrmsId', label: 'Role Permission' }],
  references: [
    { field: 'rperRoleId', label: 'Role', table: 'roles', column: 'roleId' },
    { field: 'rperPrmsId', label: 'Permission', table: 'permissions', column: 'prmsId' },
  ],
};
