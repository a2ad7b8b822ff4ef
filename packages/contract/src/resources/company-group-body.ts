/** Company Group (spec §5): the create and edit bodies, with their rules and messages. */
import { z } from 'zod';
import { address, entityName, fax, idInBody, labelledName, phone, requiredText } from '../rules.ts';

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
