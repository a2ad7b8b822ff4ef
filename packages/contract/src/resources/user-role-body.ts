/** User Role (spec §5): the create and edit bodies, with their rules and messages. */
import { z } from 'zod';
import { idInBody, requiredId, userRef } from '../rules.ts';

const fields = { usroUserId: userRef('User'), usroRoleId: requiredId('Role') };
export const userRoleCreateBody = z.strictObject(fields);
export const userRoleUpdateBody = z.strictObject({ usroId: idInBody, ...fields });
export type UserRoleCreateBody = z.infer<typeof userRoleCreateBody>;
export type UserRoleUpdateBody = z.infer<typeof userRoleUpdateBody>;
