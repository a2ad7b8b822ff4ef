/** Company groups, companies and (read-only) clients. */
import {
  clientResource,
  companyCreateBody,
  companyGroupCreateBody,
  companyGroupResource,
  companyGroupUpdateBody,
  companyResource,
  companyUpdateBody,
} from '@tagih/contract';
import type { MasterResource } from '../resource-config.ts';
import { clientRows, companyGroupRows, companyRows } from './rows-repo.ts';

export const companyGroups: MasterResource = {
  def: companyGroupResource,
  idKind: 'int',
  auditPrefix: 'grcp',
  auditName: 'company_group',
  rows: companyGroupRows,
  getById: true,
  bodies: { create: companyGroupCreateBody, update: companyGroupUpdateBody },
  blockers: [{ table: 'companies', column: 'compGrcpId', what: 'companies' }],
};

export const companies: MasterResource = {
  def: companyResource,
  idKind: 'int',
  auditPrefix: 'comp',
  auditName: 'company',
  rows: companyRows,
  toRow: (row) => ({ ...row, grcpName: row.grcpName ?? 'Unknown', clntName: row.clntName ?? null }),
  getById: true,
  bodies: { create: companyCreateBody, update: companyUpdateBody },
  references: [
    { field: 'compGrcpId', label: 'Company Group', table: 'company_groups', column: 'grcpId' },
    { field: 'compClientId', label: 'Client', table: 'clients', column: 'clntid' },
  ],
  blockers: [
    { table: 'user_companies', column: 'uscoCompId', what: 'user companies' },
    { table: 'transactions', column: 'trctCompId', what: 'transactions' },
    { table: 'notifications', column: 'notiCompId', what: 'notifications' },
    { table: 'bank_account_companies', column: 'bacoCompId', what: 'bank accounts' },
  ],
};

/** Listed only, as options for a company's client: never the secret or the callback URL. */
export const clients: MasterResource = {
  def: clientResource,
  idKind: 'int',
  auditPrefix: 'clnt',
  auditName: 'client',
  rows: clientRows,
};
