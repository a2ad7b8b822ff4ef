/**
 * Bank account (reconciliation): /master/Bank_Account. The account a bank's statement is for, and
 * the companies whose payments settle into it (one for a merchant's own account, several for a
 * provider's pooled account). Its bodies are in bank-account-body.ts.
 */
import { MESSAGES } from '../messages.ts';
import type { ScreenResourceDef } from '../resource.ts';
import { auditFields, idField } from '../resources/fields.ts';

export const BANK_ACCOUNT_AREA = 'master_bank_account' as const;

export const bankAccountResource: ScreenResourceDef = {
  path: '/master/Bank_Account',
  entity: 'Bank Account',
  idField: 'baccId',
  access: { read: BANK_ACCOUNT_AREA, write: BANK_ACCOUNT_AREA },
  unique: [{ columns: ['baccBank', 'baccAccountNo'], field: 'baccAccountNo', label: 'Account No' }],
  toasts: MESSAGES.master.bankAccount,
  fields: [
    idField('baccId'),
    { name: 'baccBank', label: 'Bank', type: 'string', input: 'text', searchable: true },
    { name: 'baccAccountNo', label: 'Account No', type: 'string', input: 'text', searchable: true },
    { name: 'baccName', label: 'Account Name', type: 'string', input: 'text', searchable: true },
    // The linked companies: a list of compIds in bodies and rows (edited as a multi-select of /master/company).
    {
      name: 'baccCompIds',
      label: 'Companies',
      type: 'string',
      input: 'none',
      optionsApiPath: '/master/company',
      derived: true,
    },
    { name: 'companyNames', label: 'Company Names', type: 'string', input: 'none', derived: true },
    // The generic CSV's column mapping (bank-account-body.ts csvMapping), or null.
    {
      name: 'baccCsvMapping',
      label: 'CSV Mapping',
      type: 'string',
      input: 'none',
      derived: true,
      hidden: true,
    },
    ...auditFields('bacc'),
  ],
  defaultOrder: { field: 'baccId', direction: 'asc' },
};
