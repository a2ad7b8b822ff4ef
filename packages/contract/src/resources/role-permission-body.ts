/** Role Permission (spec §5): the create and edit bodies, with their rules and messages. */
import { z } from 'zod';
import { idInBody, operations, requiredId } from '../rules.ts';

const fields = {
  rperRoleId: requiredId('Role'),
  rperPrmsId: requiredId('Permission'),
  rperOperations: operations(),
};
export const rolePermissionCreateBody = z.strictObject(fields);
export const rolePermissionUpdateBody = z.strictObject({ rperId: idInBody, ...fields });
export type RolePermissionCreateBody = z.infer<typeof rolePermissionCreateBody>;
export type RolePermissionUpdateBody = z.infer<typeof rolePermissionUpdateBody>;
