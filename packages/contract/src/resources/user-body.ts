/** User (spec §5): the create and edit bodies; create carries the login too (both usloUserName and usloPassword, or neither). */
import { z } from 'zod';
import { MESSAGES, isRequired } from '../messages.ts';
import { optionalPassword, password, statusFlag, userId, username } from '../rules.ts';

export const userCreateBody = z
  .strictObject({
    userId,
    userStatus: statusFlag('Status'),
    usloUserName: username().optional(),
    usloPassword: password.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.usloUserName !== undefined && body.usloPassword === undefined) {
      ctx.addIssue({ code: 'custom', path: ['usloPassword'], message: MESSAGES.passwordRequired });
    }
    if (body.usloPassword !== undefined && body.usloUserName === undefined) {
      ctx.addIssue({ code: 'custom', path: ['usloUserName'], message: isRequired('Username') });
    }
  });

/** Edit: User ID is read-only (it may be sent and must match the URL); an empty password keeps the old one. */
export const userUpdateBody = z.strictObject({
  userId: z.string().optional(),
  userStatus: statusFlag('Status'),
  usloUserName: username().optional(),
  usloPassword: optionalPassword,
});
export type UserCreateBody = z.infer<typeof userCreateBody>;
export type UserUpdateBody = z.infer<typeof userUpdateBody>;
