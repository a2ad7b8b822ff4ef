/** Sign-in, status and Manage Account shapes (spec §3, §5, §7). */
import { z } from 'zod';
import { ACTIONS, type AccessMap } from './permissions.ts';
import { loginPassword, optionalPassword, requiredText, username } from './rules.ts';

export const loginBody = z.strictObject({
  username: requiredText('Username').max(50, 'Username must not exceed 50 characters'),
  password: loginPassword.max(200, 'Password must not exceed 200 characters'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginDataSchema = z.object({
  token: z.string(),
  user: z.object({ userId: z.string(), username: z.string() }),
  /** Failed sign-in attempts on this account since its previous successful sign-in (PCI DSS 10.2). */
  failedAttemptsSinceLastLogin: z.number().int().min(0).optional(),
});
export type LoginData = z.infer<typeof loginDataSchema>;

export const companyOptionSchema = z.object({ compId: z.number(), compName: z.string() });
export type CompanyOption = z.infer<typeof companyOptionSchema>;

/** GET /security/authentication/status (spec §3), plus whether the user holds the Superadmin role. */
export const statusDataSchema = z.object({
  access: z.record(z.string(), z.array(z.enum(ACTIONS))),
  user: z.string(),
  username: z.string(),
  /** Only a Superadmin grants or changes the Superadmin role and its users: screens offer no more. */
  isSuperadmin: z.boolean(),
  company: z.object({ active: companyOptionSchema.nullable(), available: z.array(companyOptionSchema) }),
});
export type StatusData = z.infer<typeof statusDataSchema> & { access: AccessMap };

export const selectCompanyForm = z.object({
  compId: z.number({ error: 'Please select a company.' }).int().positive('Please select a company.'),
});

/** PUT /account/login. An empty password is not sent. */
export const accountLoginBody = z.strictObject({
  usloUserName: username(),
  usloPassword: optionalPassword,
});
export type AccountLoginBody = z.infer<typeof accountLoginBody>;

export const usernameAvailableQuery = z.strictObject({ username: z.string().min(1).max(50) });
