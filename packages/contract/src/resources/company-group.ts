/** Company Group (spec §3, §5): /master/Company_Group. */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import type { ScreenResourceDef } from '../resource.ts';
import { address, entityName, fax, idInBody, labelledName, phone, PHONE_MAX_DIGITS, requiredText } from '../rules.ts';
import { auditFields, idField } from './fields.ts';

export const companyGroupResource: ScreenResourceDef = {
  path: '/master/Company_Group',
  entity: 'Company Group',
  idField: 'grcpId',
  access: { read: 'master_company_group', write: 'master_company_group' },
  unique: [{ columns: ['grcpName'], field: 'grcpName', label: 'Company Group', lookupWhileTyping: true }],
  toasts: MESSAGES.master.companyGroup,
  fields: [
    idField('grcpId'),
    { name: 'grcpName', label: 'Nama Company Group', type: 'string', input: 'text', searchable: true },
    { name: 'grcpNickName', label: 'Nickname', type: 'string', input: 'text' },
    { name: 'grcpAddress', label: 'Alamat', type: 'string', input: 'text' },
    { name: 'grcpCity', label: 'Nama Kota', type: 'string', input: 'text' },
    { name: 'grcpTelp', label: 'No. Telpon', type: 'string', input: 'text', maxLength: PHONE_MAX_DIGITS },
    { name: 'grcpFax', label: 'No. Fax', type: 'string', input: 'text' },
    ...auditFields('grcp', ['UpdatedTime']),
  ],
  defaultOrder: { field: 'grcpCreatedTime', direction: 'asc' },
};

const fields = {
  grcpName: entityName('Company Group'),
  grcpNickName: labelledName('Nickname'),
  grcpAddress: address('Alamat'),
  grcpCity: requiredText('Nama Kota').max(50, 'Nama Kota must not exceed 50 characters'),
  grcpTelp: phone('No. Telpon'),
  grcpFax: fax('No. Fax'),
};

export const companyGroupCreateBody = z.strictObject(fields);
/** Edit sends the whole form plus the primary key; audit fields are not sent. */
export const companyGroupUpdateBody = z.strictObject({ grcpId: idInBody, ...fields });
export type CompanyGroupCreateBody = z.infer<typeof companyGroupCreateBody>;
export type CompanyGroupUpdateBody = z.infer<typeof companyGroupUpdateBody>;
