/** Company Group (spec §3, §5): /master/Company_Group. Its create and edit bodies are in company-group-body.ts. */
import { PHONE_MAX_DIGITS } from '../field-limits.ts';
import { MESSAGES } from '../messages.ts';
import type { ScreenResourceDef } from '../resource.ts';
import { auditFields, idField } from './fields.ts';

export const companyGroupResource: ScreenResourceDef = {
  path: '/master/Company_Group',
  entity: 'Company Group',
  idField: 'grcpId',
  access: { read: 'master_company_group', write: 'master_company_group' },
  unique: [
    { columns: ['grcpName'], field: 'grcpName', label: 'Company Group', lookupWhileTyping: true },
  ],
  toasts: MESSAGES.master.companyGroup,
  fields: [
    idField('grcpId'),
    {
      name: 'grcpName',
      label: 'Nama Company Group',
      type: 'string',
      input: 'text',
      searchable: true,
    },
    { name: 'grcpNickName', label: 'Nickname', type: 'string', input: 'text' },
    { name: 'grcpAddress', label: 'Alamat', type: 'string', input: 'text' },
    { name: 'grcpCity', label: 'Nama Kota', type: 'string', input: 'text' },
    {
      name: 'grcpTelp',
      label: 'No. Telpon',
      type: 'string',
      input: 'text',
      maxLength: PHONE_MAX_DIGITS,
    },
    { name: 'grcpFax', label: 'No. Fax', type: 'string', input: 'text' },
    ...auditFields('grcp', ['UpdatedTime']),
  ],
  defaultOrder: { field: 'grcpCreatedTime', direction: 'asc' },
};
