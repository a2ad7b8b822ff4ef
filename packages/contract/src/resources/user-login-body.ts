/** User Login (spec §5): the create and edit bodies, with their rules and messages. */
import { z } from 'zod';
import { optionalPassword, password, userRef, username } from '../rules.ts';

export const userLoginCreateBody = z.strictObject({
  usloUserId: userRef('User ID'),
  usloUserName: username(),
  usloPassword: password,
});
export const userLoginUpdateBody = z.strictObject({
  usloUserId: z.string().optional(),
  usloUserName: username(),
  usloPassword: optionalPassword,
});
export type UserLoginCreateBody = z.infer<typeof userLoginCreateBody>;
export type UserLoginUpdateBody = z.infer<typeof userLoginUpdateBody>;
