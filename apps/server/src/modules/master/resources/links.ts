/** The links of a user: their roles and the companies they may work in. */
import { userCompanyCreateBody, userCompanyResource, userCompanyUpdateBody, userRoleCreateBody, userRoleResource, userRoleUpdateBody } from '@tagih/contract';
import type { MasterResource } from '../resource-config.ts';
import { assertSuperadminRemains } from '../superadmin-guard.ts';
import { audit } from './columns.ts';

const userReference = (field: string) => ({ field, label: 'User', table: 'users', column: 'userId' });

export const userRoles: MasterResource = {
  def: userRoleResource,
  table: 'user_roles',
  idColumn: 'usroId',
  idKind: 'int',
  auditPrefix: 'usro',
  access: { read: 'master_user_role', write: 'master_user_role' },
  from: (db) => db.selectFrom('user_roles').innerJoin('roles', 'roles.roleId', 'user_roles.usroRoleId'),
  select: (qb) => qb.select(['user_roles.usroId', 'user_roles.usroUserId', 'user_roles.usroRoleId', ...audit('usro', 'user_roles'), 'roles.roleName']),
  columns: { roleName: 'roles.roleName' },
  toRow: (row) => ({ ...row, usroRole: { roleName: row.roleName } }),
  bodies: { create: userRoleCreateBody, update: userRoleUpdateBody },
  unique: [{ columns: ['usroUserId', 'usroRoleId'], field: 'usroRoleId', label: 'User Role' }],
  references: [userReference('usroUserId'), { field: 'usroRoleId', label: 'Role', table: 'roles', column: 'roleId' }],
  invariant: assertSuperadminRemains,
};

/** Read with master_user.read (the User Company screen is gated by it); written with master_user_company. */
export const userCompanies: MasterResource = {
  def: userCompanyResource,
  table: 'user_companies',
  idColumn: 'uscoId',
  idKind: 'int',
  auditPrefix: 'usco',
  access: { read: 'master_user', write: 'master_user_company' },
  from: (db) => db.selectFrom('user_companies').innerJoin('companies', 'companies.compId', 'user_companies.uscoCompId'),
  select: (qb) =>
    qb.select(['user_companies.uscoId', 'user_companies.uscoUserId', 'user_companies.uscoCompId', ...audit('usco', 'user_companies'), 'companies.compName as companyName']),
  columns: { companyName: 'companies.compName' },
  bodies: { create: userCompanyCreateBody, update: userCompanyUpdateBody },
  unique: [{ columns: ['uscoUserId', 'uscoCompId'], field: 'uscoCompId', label: 'User Company' }],
  references: [userReference('uscoUserId'), { field: 'uscoCompId', label: 'Company', table: 'companies', column: 'compId' }],
};
