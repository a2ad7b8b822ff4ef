/** Client (spec §3): listed only, as dropdown options for a company's client and on the Client screen (its API access). */
import type { MasterResourceDef } from '../resource.ts';

export const clientResource: MasterResourceDef = {
  path: '/master/client',
  entity: 'Client',
  idField: 'clntid',
  access: { read: 'master_company', write: 'master_company' },
  fields: [
    { name: 'clntid', label: 'ID', type: 'number', input: 'none', key: true },
    { name: 'clntName', label: 'Client Name', type: 'string', input: 'none', searchable: true },
    // Looked up from the client's SNAP API credentials (never the secret or the key).
    { name: 'clsnClientId', label: 'API Client ID', type: 'string', input: 'none' },
    { name: 'clsnUpdatedTime', label: 'API Access Since', type: 'date', input: 'none' },
  ],
  defaultOrder: { field: 'clntid', direction: 'asc' },
};
