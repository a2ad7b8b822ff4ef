/** Company (spec §3, §5): /master/company. grcpName and clntName are looked up, never saved. Its bodies are in company-body.ts. */
import { PHONE_MAX_DIGITS } from '../field-limits.ts';
import { MESSAGES } from '../messages.ts';
import type { ScreenResourceDef } from '../resource.ts';
import { ACTIVE_OPTIONS, auditFields, idField } from './fields.ts';

export const companyResource: ScreenResourceDef = {
  path: '/master/company',
  entity: 'Company',
  idField: 'compId',
  access: { read: 'master_company', write: 'master_company' },
  unique: [
    { columns: ['compName'], field: 'compName', label: 'Company Name', lookupWhileTyping: true },
  ],
  toasts: MESSAGES.master.company,
  fields: [
    idField('compId'),
    {
      name: 'compGrcpId',
      label: 'Company Group',
      type: 'number',
      input: 'dropdown-api',
      optionsApiPath: '/master/Company_Group',
      hidden: true,
    },
    { name: 'grcpName', label: 'Company Group', type: 'string', input: 'none' },
    { name: 'compName', label: 'Company Name', type: 'string', input: 'text', searchable: true },
    { name: 'compAddress', label: 'Address', type: 'string', input: 'text' },
    {
      name: 'compPhone',
      label: 'Phone',
      type: 'string',
      input: 'text',
      maxLength: PHONE_MAX_DIGITS,
    },
    { name: 'compPIC', label: 'PIC', type: 'string', input: 'text' },
    {
      name: 'compPICPhone',
      label: 'PIC Phone',
      type: 'string',
      input: 'text',
      maxLength: PHONE_MAX_DIGITS,
    },
    {
      name: 'compStatus',
      label: 'Status',
      type: 'number',
      input: 'dropdown',
      options: ACTIVE_OPTIONS,
      hidden: true,
    },
    {
      name: 'compClientId',
      label: 'Client',
      type: 'number',
      input: 'dropdown-api',
      optionsApiPath: '/master/client',
      hidden: true,
    },
    { name: 'clntName', label: 'Client Name', type: 'string', input: 'none' },
    { name: 'compFileId', label: 'File ID', type: 'number', input: 'none', hidden: true },
    ...auditFields('comp'),
  ],
  defaultOrder: { field: 'compCreatedTime', direction: 'asc' },
};
