/** User Company (spec §5): the create and edit bodies, with their rules and messages. */
import { z } from 'zod';
import { idInBody, requiredId, userRef } from '../rules.ts';

const fields = { uscoUserId: userRef('User'), uscoCompId: requiredId('Company') };
export const userCompanyCreateBody = z.strictObject(fields);
export const userCompanyUpdateBody = z.strictObject({ uscoId: idInBody, ...fields });
export type UserCompanyCreateBody = z.infer<typeof userCompanyCreateBody>;
export type UserCompanyUpdateBody = z.infer<typeof userCompanyUpdateBody>;
