/** Role (spec §5): the create and edit bodies, with their rules and messages. */
import { z } from 'zod';
import { idInBody, roleName } from '../rules.ts';

export const roleCreateBody = z.strictObject({ roleName });
export const roleUpdateBody = z.strictObject({ roleId: idInBody, roleName });
export type RoleCreateBody = z.infer<typeof roleCreateBody>;
export type RoleUpdateBody = z.infer<typeof roleUpdateBody>;
