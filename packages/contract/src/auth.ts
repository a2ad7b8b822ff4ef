/** Sign-in, status and Manage Account shapes (spec §3, §5, §7). */
import { z } from 'zod';
import type { AccessMap } from './permissions.ts';
import { loginPassword, optionalPassword, requiredText, username } from './rules.ts';

export const loginBody = z.strictObject({
  username: requiredText('Username').max(50, 'Username must not exceed 50 characters'),
  password: loginPassword.max(200, 'Password must not exceed 200 characters'),
});
export type LoginBody = z.infer<typeof loginBody>;

export interface LoginData {
  token: string;
  user: { userId: string; username: string };
  /** Failed sign-in attempts on this account since its previous successful sign-in (PCI DSS 10.2). */
  failedAttemptsSinceLastLogin?: number;
}

export interface CompanyOption {
  compId: number;
  compName: string;
}

export interface StatusData {
  access: AccessMap;
  user: string;
  username: string;
  company: { active: CompanyOption | null; available: CompanyOption[] };
}

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
