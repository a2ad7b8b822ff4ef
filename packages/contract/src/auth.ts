/** Sign-in, status and Manage Account shapes (spec §3, §5, §7). */
import { z } from 'zod';
import { ACTIONS, type AccessMap } from './permissions.ts';
import { MESSAGES } from './messages.ts';
import {
  PASSWORD_CHANGE_REASONS,
  PASSWORD_POLICIES,
  passwordPolicyIssue,
  policyAsksCurrentPassword,
  type PasswordPolicy,
} from './password-policy.ts';
import { LOGIN_FIELD_RULES, SECOND_FACTOR_RULES, type CodeRule } from './login-rules.ts';
import { loginPassword, optionalPassword, textRule, username } from './rules.ts';

/** The sign-in form; its rules are plain data (login-rules.ts) that the sign-in page checks without zod. */
export const loginBody = z.strictObject({
  username: textRule(LOGIN_FIELD_RULES.username),
  password: loginPassword,
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginDataSchema = z.object({
  token: z.string(),
  user: z.object({ userId: z.string(), username: z.string() }),
  /** Failed sign-in attempts on this account since its previous successful sign-in (PCI DSS 10.2). */
  failedAttemptsSinceLastLogin: z.number().int().min(0).optional(),
  /** PASSWORD_POLICY=pci: the password expired or was set by somebody else; only a password change is allowed. */
  passwordChangeRequired: z.enum(PASSWORD_CHANGE_REASONS).optional(),
});
export type LoginData = z.infer<typeof loginDataSchema>;

/** The sign-in's answer when two-factor is on: no token yet, a challenge for the second step (5 minutes, 5 wrong codes). */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /security/authentication/login: signed in, or the second step is needed. */
export const loginAnswerSchema = z.union([loginDataSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** A second-step code rule (login-rules.ts) as a schema: normalized, then checked. */
const codeRule = (rule: CodeRule) =>
  z.string().transform(rule.normalize).pipe(z.string().regex(rule.pattern, rule.message));

/** A TOTP code: 6 digits (RFC 6238, SHA-1, 30-second steps); spaces are ignored. */
export const totpCode = codeRule(SECOND_FACTOR_RULES.code);

/** A recovery code as shown (groups of letters and digits); dashes, spaces and case are ignored. */
export const recoveryCode = codeRule(SECOND_FACTOR_RULES.recoveryCode);

/** POST /security/authentication/login/2fa: a current code or one recovery code. */
export const loginTwoFactorBody = z.union([
  z.strictObject({ challenge: z.string().min(1).max(200), code: totpCode }),
  z.strictObject({ challenge: z.string().min(1).max(200), recoveryCode }),
]);
export type LoginTwoFactorBody = z.input<typeof loginTwoFactorBody>;

/** POST /account/2fa/setup: a pending secret (base32) and its otpauth:// address (for the QR code). */
export const twoFactorSetupDataSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetupData = z.infer<typeof twoFactorSetupDataSchema>;

/** POST /account/2fa/enable: the first code from the app proves it holds the secret. */
export const twoFactorEnableBody = z.strictObject({ code: totpCode });
export type TwoFactorEnableBody = z.input<typeof twoFactorEnableBody>;

/** Shown once: each works one time instead of a code. */
export const RECOVERY_CODE_COUNT = 10;
export const twoFactorEnableDataSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnableData = z.infer<typeof twoFactorEnableDataSchema>;

/** POST /account/2fa/disable: the password and a current code or a recovery code (in `code`). */
export const twoFactorDisableBody = z.strictObject({
  password: loginPassword,
  code: z.string().trim().min(1, 'Enter a code or a recovery code').max(60),
});
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBody>;

export const companyOptionSchema = z.object({ compId: z.number(), compName: z.string() });
export type CompanyOption = z.infer<typeof companyOptionSchema>;

/** GET /security/authentication/status (spec §3), plus whether the user holds the Superadmin role. */
export const statusDataSchema = z.object({
  access: z.record(z.string(), z.array(z.enum(ACTIONS))),
  user: z.string(),
  username: z.string(),
  /** Only a Superadmin grants or changes the Superadmin role and its users: screens offer no more. */
  isSuperadmin: z.boolean(),
  /** Two-factor sign-in is on for this user. */
  twoFactorEnabled: z.boolean().optional(),
  /** The user's role requires two-factor (MFA_REQUIRED_ROLES) and it is not on: nothing but enrolment is allowed. */
  twoFactorEnrolmentRequired: z.boolean().optional(),
  /** PASSWORD_POLICY: the rules Manage Account checks (and whether it asks for the current password). */
  passwordPolicy: z.enum(PASSWORD_POLICIES).optional(),
  /** The session may only change its password (pci: expired, or set by somebody else); null when not. */
  passwordChangeRequired: z.enum(PASSWORD_CHANGE_REASONS).nullable().optional(),
  company: z.object({
    active: companyOptionSchema.nullable(),
    available: z.array(companyOptionSchema),
  }),
});
export type StatusData = z.infer<typeof statusDataSchema> & { access: AccessMap };

export const selectCompanyForm = z.object({
  compId: z
    .number({ error: 'Please select a company.' })
    .int()
    .positive('Please select a company.'),
});

/** PUT /account/login. An empty password is not sent; `currentPassword` is checked when the policy asks for it. */
export const accountLoginBody = z.strictObject({
  usloUserName: username(),
  usloPassword: optionalPassword,
  currentPassword: z.string().max(200, 'Password must not exceed 200 characters').optional(),
});
export type AccountLoginBody = z.infer<typeof accountLoginBody>;

/**
 * Manage Account's form under a policy: the body's rules plus the policy's own (password-policy.ts),
 * and the current password when the policy asks for it and the username or password changes.
 */
export const accountLoginForm = (policy: PasswordPolicy, currentUsername: string) =>
  accountLoginBody.superRefine((body, ctx) => {
    const issue = body.usloPassword
      ? passwordPolicyIssue(policy, body.usloPassword, body.usloUserName)
      : null;
    if (issue) ctx.addIssue({ code: 'custom', path: ['usloPassword'], message: issue });
    const changing = Boolean(body.usloPassword) || body.usloUserName !== currentUsername;
    if (policyAsksCurrentPassword(policy) && changing && !body.currentPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: MESSAGES.currentPasswordRequired,
      });
    }
  });

/** GET /account/username-available: a name the caller could take in Manage Account (the same rule). */
export const usernameAvailableQuery = z.strictObject({ username: username() });
