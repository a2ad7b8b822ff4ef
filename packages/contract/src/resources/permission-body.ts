/** Permission (spec §5): the create and edit bodies, with their rules and messages. */
import { z } from 'zod';
import { idInBody, operations, permissionName } from '../rules.ts';

const fields = { prmsName: permissionName, prmsOperations: operations() };
export const permissionCreateBody = z.strictObject(fields);
export const permissionUpdateBody = z.strictObject({ prmsId: idInBody, ...fields });
export type PermissionCreateBody = z.infer<typeof permissionCreateBody>;
export type PermissionUpdateBody = z.infer<typeof permissionUpdateBody>;
