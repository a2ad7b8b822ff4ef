/** A signed-in session as the guard resolves it and the services receive it. */
import type { AccessMap } from '@tagih/contract';

export interface SessionContext {
  tokenHash: string;
  userId: string;
  username: string;
  compId: number | null;
  access: AccessMap;
  /** Holds the Superadmin role: may grant it and change its users (least privilege). */
  isSuperadmin: boolean;
}
