/**
 * Where each master resource's rows live: its table, the look-up joins a list shows, and the
 * selected columns. Hashes, client secrets (callback and API) and callback URLs are never selected.
 */
import { sql } from 'kysely';
import { latestSignInLocks } from '../../auth/credentials.ts';
import { SUPERADMIN_ROLE_ID } from '@tagih/contract';
import type { ResourceRows } from '../crud-repo.ts';

/** The four audit columns of a table prefix, optionally qualified by the table. */
const audit = (prefix: string, table?: string): string[] =>
  ['CreatedTime', 'CreatedUserId', 'UpdatedTime', 'UpdatedUserId'].map((s) =>
    table ? `${table}.${prefix}${s}` : `${prefix}${s}`,
  );

export const roleRows: ResourceRows = {
  table: 'roles',
  idColumn: 'roleId',
  from: (db) => db.selectFrom('roles'),
  select: (qb) => qb.select(['roleId', 'roleName', ...audit('role')]),
};

export const permissionRows: ResourceRows = {
  table: 'permissions',
  idColumn: 'prmsId',
  from: (db) => db.selectFrom('permissions'),
  select: (qb) => qb.select(['prmsId', 'prmsName', 'prmsOperations', ...audit('prms')]),
};

export const rolePermissionRows: ResourceRows = {
  table: 'role_permissions',
  idColumn: 'rperId',
  from: (db) =>
    db
      .selectFrom('role_permissions')
      .innerJoin('roles', 'roles.roleId', 'role_permissions.rperRoleId')
      .innerJoin('permissions', 'permissions.prmsId', 'role_permissions.rperPrmsId'),
  select: (qb) =>
    qb.select([
      'role_permissions.rperId',
      'role_permissions.rperRoleId',
      'role_permissions.rperPrmsId',
      'role_permissions.rperOperations',
      ...audit('rper', 'role_permissions'),
      'roles.roleName',
      'permissions.prmsName',
    ]),
  columns: { roleName: 'roles.roleName', prmsName: 'permissions.prmsName' },
};

export const companyGroupRows: ResourceRows = {
  table: 'company_groups',
  idColumn: 'grcpId',
  from: (db) => db.selectFrom('company_groups'),
  select: (qb) =>
    qb.select([
      'grcpId',
      'grcpName',
      'grcpNickName',
      'grcpAddress',
      'grcpCity',
      'grcpTelp',
      'grcpFax',
      ...audit('grcp'),
    ]),
};

export const companyRows: ResourceRows = {
  table: 'companies',
  idColumn: 'compId',
  from: (db) =>
    db
      .selectFrom('companies')
      .leftJoin('company_groups', 'company_groups.grcpId', 'companies.compGrcpId')
      .leftJoin('clients', 'clients.clntid', 'companies.compClientId'),
  select: (qb) =>
    qb.select([
      'companies.compId',
      'companies.compGrcpId',
      'companies.compName',
      'companies.compAddress',
      'companies.compPhone',
      'companies.compPIC',
      'companies.compPICPhone',
      'companies.compStatus',
      'companies.compFileId',
      'companies.compClientId',
      ...audit('comp', 'companies'),
      'company_groups.grcpName',
      'clients.clntName',
    ]),
  columns: { grcpName: 'company_groups.grcpName', clntName: 'clients.clntName' },
};

/** With its SNAP API client id and since when (never the key or the secret). */
export const clientRows: ResourceRows = {
  table: 'clients',
  idColumn: 'clntid',
  from: (db) =>
    db
      .selectFrom('clients')
      .leftJoin('client_snap_credentials', 'client_snap_credentials.clsnClntId', 'clients.clntid'),
  select: (qb) =>
    qb.select([
      'clients.clntid',
      'clients.clntName',
      'client_snap_credentials.clsnClientId',
      'client_snap_credentials.clsnUpdatedTime',
    ]),
  columns: {
    clsnClientId: 'client_snap_credentials.clsnClientId',
    clsnUpdatedTime: 'client_snap_credentials.clsnUpdatedTime',
  },
};

export const userRoleRows: ResourceRows = {
  table: 'user_roles',
  idColumn: 'usroId',
  from: (db) =>
    db.selectFrom('user_roles').innerJoin('roles', 'roles.roleId', 'user_roles.usroRoleId'),
  select: (qb) =>
    qb.select([
      'user_roles.usroId',
      'user_roles.usroUserId',
      'user_roles.usroRoleId',
      ...audit('usro', 'user_roles'),
      'roles.roleName',
    ]),
  columns: { roleName: 'roles.roleName' },
};

export const userCompanyRows: ResourceRows = {
  table: 'user_companies',
  idColumn: 'uscoId',
  from: (db) =>
    db
      .selectFrom('user_companies')
      .innerJoin('companies', 'companies.compId', 'user_companies.uscoCompId'),
  select: (qb) =>
    qb.select([
      'user_companies.uscoId',
      'user_companies.uscoUserId',
      'user_companies.uscoCompId',
      ...audit('usco', 'user_companies'),
      'companies.compName as companyName',
    ]),
  columns: { companyName: 'companies.compName' },
};

export const userRows: ResourceRows = {
  table: 'users',
  idColumn: 'userId',
  from: (db) =>
    db
      .selectFrom('users')
      .leftJoin('user_logins', 'user_logins.usloUserId', 'users.userId')
      // The latest lock of the username at any address (auth/lockout.ts).
      .leftJoin(latestSignInLocks(db), (join) =>
        join.on(
          sql`lower(${sql.ref('user_logins.usloUserName')})`,
          '=',
          sql.ref('login_throttle.lothUsername'),
        ),
      ),
  select: (qb) =>
    qb.select((eb) => [
      'users.userId',
      'users.userStatus',
      ...audit('user', 'users'),
      'user_logins.usloUserName',
      'login_throttle.lothLockedUntil as userLockedUntil',
      eb
        .exists(
          eb
            .selectFrom('user_roles')
            .select('usroId')
            .whereRef('usroUserId', '=', 'users.userId')
            .where('usroRoleId', '=', SUPERADMIN_ROLE_ID),
        )
        .as('userIsSuperadmin'),
      eb
        .exists(
          eb
            .selectFrom('user_two_factor')
            .select('utfaUserId')
            .whereRef('utfaUserId', '=', 'users.userId')
            .where('utfaEnabledTime', 'is not', null),
        )
        .as('userTwoFactor'),
    ]),
  columns: { usloUserName: 'user_logins.usloUserName' },
};

/** Addressed by user id: one login per user. */
export const userLoginRows: ResourceRows = {
  table: 'user_logins',
  idColumn: 'usloUserId',
  from: (db) => db.selectFrom('user_logins'),
  select: (qb) => qb.select(['usloId', 'usloUserId', 'usloUserName', ...audit('uslo')]),
};
