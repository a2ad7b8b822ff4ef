/** The links of a user: their roles and the companies they may work in. */
import {
  userCompanyCreateBody,
  userCompanyResource,
  userCompanyUpdateBody,
  userRoleCreateBody,
  userRoleResource,
  userRoleUpdateBody,
} from '@tagih/contract';
import type { MasterResource } from '../resource-config.ts';
import { assertSuperadminRemains } from '../superadmin-guard.ts';
import { guardUserCompany, guardUserRole } from '../privilege-guard.ts';
import { userCompanyRows, userRoleRows } from './rows-repo.ts';

const userReference = (field: string) => ({
  field,
  label: 'User',
  table: 'users',
  column: 'userId',
});

export const userRoles: MasterResource = {
  def: userRoleResource,
  idKind: 'int',
  auditPrefix: 'usro',
  auditName: 'user_role',
  rows: userRoleRows,
  guard: guardUserRole,
  userField: 'usroUserId',
  toRow: (row) => ({ ...row, usroRole: { roleName: row.roleName } }),
  bodies: { create: userRoleCreateBody, update: userRoleUpdateBody },
  references: [
    userReference('usroUserId'),
    { field: 'usroRoleId', label: 'Role', table: 'roles', column: 'roleId' },
  ],
  invariant: assertSuperadminRemains,
};

/** Read with master_user.read (the User Company screen is gated by it); written with master_user_company. */
export const userCompanies: MasterResource = {
  def: userCompanyResource,
  idKind: 'int',
  auditPrefix: 'usco',
  auditName: 'user_company',
  rows: userCompanyRows,
  guard: guardUserCompany,
  userField: 'uscoUserId',
  bodies: { create: userCompanyCreateBody, update: userCompanyUpdateBody },
  references: [
    userReference('uscoUserId'),
    { field: 'uscoCompId', label: 'Company', table: 'companies', column: 'compId' },
  ],
};
