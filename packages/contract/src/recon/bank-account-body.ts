/** Bank account: the create and edit bodies, and the generic CSV's column mapping saved with it. */
import { z } from 'zod';
import { bodyId, idRangeRule } from '../ids.ts';
import { isRequired } from '../messages.ts';
import { idInBody, labelledName, requiredText } from '../rules.ts';

/** Bank codes as the transactions carry them (trctBank, trctQrBank): 'BRI', 'BCA', 'Mandiri'. */
export const bankCode = requiredText('Bank')
  .min(2, 'Bank must be at least 2 characters')
  .max(20, 'Bank must not exceed 20 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _-]*$/, 'Bank may contain only letters, digits, spaces, _ and -');

export const accountNumber = requiredText('Account No').regex(
  /^\d{5,34}$/,
  'Account No must be 5 to 34 digits',
);

/** How a generic CSV's dates are written. */
export const CSV_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'DD-MM-YYYY',
  'DD/MM/YY',
  'MM/DD/YYYY',
  'YYYYMMDD',
] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

const column = (label: string) =>
  z
    .string({ error: `${label} column is required` })
    .trim()
    .min(1, `${label} column is required`)
    .max(100, `${label} column must not exceed 100 characters`);

/**
 * Which header names a generic CSV's columns carry. The amount is either one column (`amount`:
 * a negative amount is a debit, unless `direction` names a column of CR/DB, C/D, K/D or
 * CREDIT/DEBIT) or two (`credit` and `debit`). `balance`, when given, is checked row by row.
 */
export const csvMapping = z
  .strictObject({
    delimiter: z.enum([',', ';', '\t', '|']).default(','),
    date: column('Date'),
    dateFormat: z.enum(CSV_DATE_FORMATS, {
      error: `dateFormat must be one of ${CSV_DATE_FORMATS.join(', ')}`,
    }),
    amount: column('Amount').optional(),
    direction: column('Direction').optional(),
    credit: column('Credit').optional(),
    debit: column('Debit').optional(),
    description: column('Description'),
    reference: column('Reference').optional(),
    balance: column('Balance').optional(),
    decimalSeparator: z.enum(['.', ',']).default('.'),
  })
  .refine((m) => (m.amount !== undefined) !== (m.credit !== undefined || m.debit !== undefined), {
    message: 'Name either an amount column or both a credit and a debit column',
    path: ['amount'],
  })
  .refine((m) => m.amount !== undefined || (m.credit !== undefined && m.debit !== undefined), {
    message: 'Name both a credit and a debit column',
    path: ['credit'],
  })
  .refine((m) => m.direction === undefined || m.amount !== undefined, {
    message: 'direction goes with an amount column',
    path: ['direction'],
  });
export type CsvMapping = z.infer<typeof csvMapping>;

export const BANK_ACCOUNT_MAX_COMPANIES = 50;

const companyIds = z
  .array(bodyId(idRangeRule()), { error: isRequired('Companies') })
  .min(1, 'Pick at least one company')
  .max(BANK_ACCOUNT_MAX_COMPANIES, `At most ${BANK_ACCOUNT_MAX_COMPANIES} companies`)
  .refine((ids) => new Set(ids).size === ids.length, 'A company is named twice');

const fields = {
  baccBank: bankCode,
  baccAccountNo: accountNumber,
  baccName: labelledName('Account Name', 3),
  baccCompIds: companyIds,
  baccCsvMapping: csvMapping.nullable().optional(),
};

export const bankAccountCreateBody = z.strictObject(fields);
export const bankAccountUpdateBody = z.strictObject({ baccId: idInBody, ...fields });
export type BankAccountCreateBody = z.infer<typeof bankAccountCreateBody>;
