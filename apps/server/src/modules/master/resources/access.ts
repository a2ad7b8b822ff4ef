/** Roles, permissions and the role-permission links that grant them. */
import {
  permissionCreateBody, permissionResource, permissionUpdateBody, roleCreateBody, rolePermissionCreateBody,
  rolePermissionResource, rolePermissionUpdateBody, roleResource, roleUpdateBody,
} from '@tagih/contract';
import type { MasterResource } from '../resource-config.ts';
import { audit } from './columns.ts';

export const roles: MasterResource = {
  def: roleResource,
  table: 'roles',
  idColumn: 'roleId',
  idKind: 'int',
  auditPrefix: 'role',
  access: { read: 'master_role', write: 'master_role' },
  from: (db) => db.selectFrom('roles'),
  select: (qb) => qb.select(['roleId', 'roleName', ...audit('role')]),
  bodies: { create: roleCreateBody, update: roleUpdateBody },
  unique: [{ columns: ['roleName'], field: 'roleName', label: 'Role Name' }],
  blockers: [
    { table: 'user_roles', column: 'usroRoleId', what: 'user roles' },
    { table: 'role_permissions', column: 'rperRoleId', what: 'role permissions' },
  ],
};

export const permissions: MasterResource = {
  def: permissionResource,
  table: 'permissions',
  idColumn: 'prmsId',
  idKind: 'int',
  auditPrefix: 'prms',
  access: { read: 'master_permission', write: 'master_permission' },
  from: (db) => db.selectFrom('permissions'),
  select: (qb) => qb.select(['prmsId', 'prmsName', 'prmsOperations', ...audit('prms')]),
  bodies: { create: permissionCreateBody, update: permissionUpdateBody },
  unique: [{ columns: ['prmsName'], field: 'prmsName', label: 'Permission Name' }],
  blockers: [{ table: 'role_permissions', column: 'rperPrmsId', what: 'role permissions' }],
};

export const rolePermissions: MasterResource = {
  def: rolePermissionResource,
  table: 'role_permissions',
  idColumn: 'rperId',
  idKind: 'int',
  auditPrefix: 'rper',
  access: { read: 'master_role_permission', write: 'master_role_permission' },
  from: (db) =>
    db
      .selectFrom('role_permissions')
      .innerJoin('roles', 'roles.roleId', 'role_permissions.rperRoleId')
      .innerJoin('permissions', 'permissions.prmsId', 'role_permissions.rperPrmsId'),
  select: (qb) =>
    qb.select([
      'role_permissions.rperId', 'role_permissions.rperRoleId', 'role_permissions.rperPrmsId', 'role_permissions.rperOperations',
      ...audit('rper', 'role_permissions'), 'roles.roleName', 'permissions.prmsName',
    ]),
  columns: { roleName: 'roles.roleName', prmsName: 'permissions.prmsName' },
  toRow: (row) => ({ ...row, rperRole: { roleName: row.roleName }, rperPrms: { prmsName: row.prmsName } }),
  bodies: { create: rolePermissionCreateBody, update: rolePermissionUpdateBody },
  unique: [{ columns: ['rperRoleId', 'rperPrmsId'], field: 'rperPrmsId', label: 'Role Permission' }],
  references: [
    { field: 'rperRoleId', label: 'Role', table: 'roles', column: 'roleId' },
    { field: 'rperPrmsId', label: 'Permission', table: 'permissions', column: 'prmsId' },
  ],
};
