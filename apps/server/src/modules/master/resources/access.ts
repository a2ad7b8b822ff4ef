/** Roles, permissions and the role-permission links that grant them. */
import {
  permissionCreateBody,
  permissionResource,
  permissionUpdateBody,
  roleCreateBody,
  rolePermissionCreateBody,
  rolePermissionResource,
  rolePermissionUpdateBody,
  roleResource,
  roleUpdateBody,
} from '@tagih/contract';
import type { MasterResource } from '../resource-config.ts';
import { guardPermission, guardRolePermission } from '../privilege-guard.ts';
import { superadminRoleOperations } from '../superadmin-guard.ts';
import { permissionRows, rolePermissionRows, roleRows } from './rows-repo.ts';

export const roles: MasterResource = {
  def: roleResource,
  idKind: 'int',
  auditPrefix: 'role',
  auditName: 'role',
  rows: roleRows,
  bodies: { create: roleCreateBody, update: roleUpdateBody },
  blockers: [
    { table: 'user_roles', column: 'usroRoleId', what: 'user roles' },
    { table: 'role_permissions', column: 'rperRoleId', what: 'role permissions' },
  ],
};

export const permissions: MasterResource = {
  def: permissionResource,
  idKind: 'int',
  auditPrefix: 'prms',
  auditName: 'permission',
  rows: permissionRows,
  guard: guardPermission,
  keeps: superadminRoleOperations,
  bodies: { create: permissionCreateBody, update: permissionUpdateBody },
  blockers: [{ table: 'role_permissions', column: 'rperPrmsId', what: 'role permissions' }],
};

export const rolePermissions: MasterResource = {
  def: rolePermissionResource,
  idKind: 'int',
  auditPrefix: 'rper',
  auditName: 'role_permission',
  rows: rolePermissionRows,
  guard: guardRolePermission,
  keeps: superadminRoleOperations,
  toRow: (row) => ({
    ...row,
    rperRole: { roleName: row.roleName },
    rperPrms: { prmsName: row.prmsName },
  }),
  bodies: { create: rolePermissionCreateBody, update: rolePermissionUpdateBody },
  references: [
    { field: 'rperRoleId', label: 'Role', table: 'roles', column: 'roleId' },
    { field: 'rperPrmsId', label: 'Permission', table: 'permissions', column: 'prmsId' },
  ],
};
