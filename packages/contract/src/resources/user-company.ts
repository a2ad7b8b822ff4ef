/** User Company (spec §3): /master/User_Company. Rows also carry companyName. Its bodies are in user-company-body.ts. */
import { MESSAGES } from '../messages.ts';
import type { ScreenResourceDef } from '../resource.ts';
import { auditFields, idField } from './fields.ts';

export const userCompanyResource: ScreenResourceDef = {
  path: '/master/User_Company',
  entity: 'User Company',
  idField: 'uscoId',
  access: { read: 'master_user', write: 'master_user_company' },
  unique: [{ columns: ['uscoUserId', 'uscoCompId'], field: 'uscoCompId', label: 'User Company' }],
  toasts: MESSAGES.master.userCompany,
  fields: [
    idField('uscoId'),
    {
      name: 'uscoUserId',
      label: 'User ID',
      type: 'string',
      input: 'dropdown-api',
      optionsApiPath: '/master/user',
      searchable: true,
    },
    {
      name: 'uscoCompId',
      label: 'Company',
      type: 'number',
      input: 'dropdown-api',
      optionsApiPath: '/master/company',
      hidden: true,
    },
    { name: 'companyName', label: 'Company Name', type: 'string', input: 'none' },
    ...auditFields('usco'),
  ],
  defaultOrder: { field: 'uscoCreatedTime', direction: 'asc' },
};
