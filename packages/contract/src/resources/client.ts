/** Client (spec §3): listed only, as dropdown options for a company's client. */
import type { MasterResourceDef } from '../resource.ts';

export const clientResource: MasterResourceDef = {
  path: '/master/client',
  entity: 'Client',
  idField: 'clntid',
  access: { read: 'master_company', write: 'master_company' },
  fields: [
    { name: 'clntid', label: 'ID', type: 'number', input: 'none', key: true },
    { name: 'clntName', label: 'Client Name', type: 'string', input: 'none', searchable: true },
  ],
  defaultOrder: { field: 'clntid', direction: 'asc' },
};
