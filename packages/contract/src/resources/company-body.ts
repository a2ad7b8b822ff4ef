/** Company (spec §5): the create and edit bodies, with their rules and messages. */
import { z } from 'zod';
import { bodyId, idRangeRule } from '../ids.ts';
import {
  address,
  entityName,
  idInBody,
  labelledName,
  phone,
  requiredId,
  statusFlag,
} from '../rules.ts';

const fields = {
  compGrcpId: requiredId('Company Group'),
  compName: entityName('Company Name'),
  compAddress: address('Address'),
  compPhone: phone('Phone'),
  compPIC: labelledName('PIC', 3),
  compPICPhone: phone('PIC Phone'),
  compStatus: statusFlag('Status'),
  compClientId: requiredId('Client'),
  compFileId: bodyId(idRangeRule()).nullable().optional(),
};

export const companyCreateBody = z.strictObject(fields);
/** Edit omits compGrcp, audit fields, grcpName and clntName (spec §7) and sends the primary key. */
export const companyUpdateBody = z.strictObject({ compId: idInBody, ...fields });
export type CompanyCreateBody = z.infer<typeof companyCreateBody>;
export type CompanyUpdateBody = z.infer<typeof companyUpdateBody>;
