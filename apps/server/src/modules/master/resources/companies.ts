/** Company groups, companies and (read-only) clients. */
import { clientResource, companyCreateBody, companyGroupCreateBody, companyGroupResource, companyGroupUpdateBody, companyResource, companyUpdateBody } from '@tagih/contract';
import type { MasterResource } from '../resource-config.ts';
import { audit } from './columns.ts';

export const companyGroups: MasterResource = {
  def: companyGroupResource,
  table: 'company_groups',
  idColumn: 'grcpId',
  idKind: 'int',
  auditPrefix: 'grcp',
  access: { read: 'master_company_group', write: 'master_company_group' },
  from: (db) => db.selectFrom('company_groups'),
  select: (qb) => qb.select(['grcpId', 'grcpName', 'grcpNickName', 'grcpAddress', 'grcpCity', 'grcpTelp', 'grcpFax', ...audit('grcp')]),
  getById: true,
  bodies: { create: companyGroupCreateBody, update: companyGroupUpdateBody },
  unique: [{ columns: ['grcpName'], field: 'grcpName', label: 'Company Group' }],
  blockers: [{ table: 'companies', column: 'compGrcpId', what: 'companies' }],
};

export const companies: MasterResource = {
  def: companyResource,
  table: 'companies',
  idColumn: 'compId',
  idKind: 'int',
  auditPrefix: 'comp',
  access: { read: 'master_company', write: 'master_company' },
  from: (db) =>
    db
      .selectFrom('companies')
      .leftJoin('company_groups', 'company_groups.grcpId', 'companies.compGrcpId')
      .leftJoin('clients', 'clients.clntid', 'companies.compClientId'),
  select: (qb) =>
    qb.select([
      'companies.compId', 'companies.compGrcpId', 'companies.compName', 'companies.compAddress', 'companies.compPhone',
      'companies.compPIC', 'companies.compPICPhone', 'companies.compStatus', 'companies.compFileId', 'companies.compClientId',
      ...audit('comp', 'companies'), 'company_groups.grcpName', 'clients.clntName',
    ]),
  columns: { grcpName: 'company_groups.grcpName', clntName: 'clients.clntName' },
  toRow: (row) => ({ ...row, grcpName: row.grcpName ?? 'Unknown', clntName: row.clntName ?? null }),
  getById: true,
  bodies: { create: companyCreateBody, update: companyUpdateBody },
  unique: [{ columns: ['compName'], field: 'compName', label: 'Company Name' }],
  references: [
    { field: 'compGrcpId', label: 'Company Group', table: 'company_groups', column: 'grcpId' },
    { field: 'compClientId', label: 'Client', table: 'clients', column: 'clntid' },
  ],
  blockers: [
    { table: 'user_companies', column: 'uscoCompId', what: 'user companies' },
    { table: 'transactions', column: 'trctCompId', what: 'transactions' },
    { table: 'notifications', column: 'notiCompId', what: 'notifications' },
  ],
};

/** Listed only, as options for a company's client: never the secret or the callback URL. */
export const clients: MasterResource = {
  def: clientResource,
  table: 'clients',
  idColumn: 'clntid',
  idKind: 'int',
  auditPrefix: 'clnt',
  access: { read: 'master_company', write: 'master_company' },
  from: (db) => db.selectFrom('clients'),
  select: (qb) => qb.select(['clntid', 'clntName']),
};
