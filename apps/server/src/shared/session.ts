/** A signed-in session as the guard resolves it and the services receive it. */
import type { AccessMap, PasswordChangeReason } from '@tagih/contract';

export interface SessionContext {
  tokenHash: string;
  userId: string;
  username: string;
  compId: number | null;
  access: AccessMap;
  /** Holds the Superadmin role: may grant it and change its users (least privilege). */
  isSuperadmin: boolean;
  /** Holds a role of MFA_REQUIRED_ROLES without two-factor: only the routes that allow it during enrolment answer. */
  twoFactorEnrolmentRequired?: boolean;
  /** PASSWORD_POLICY=pci: the password expired or was set by somebody else; only the routes that allow it answer. */
  passwordChangeRequired?: PasswordChangeReason | null;
}
