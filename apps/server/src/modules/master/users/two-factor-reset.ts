/** A Superadmin turns off another user's two-factor sign-in (lost phone); recorded as auth.2fa.reset. */
import type { AppDeps } from '../../../deps.ts';
import type { Actor } from '../../../shared/actor.ts';
import { resetTwoFactor } from '../../auth/two-factor.ts';

export const resetUserTwoFactor = (
  deps: AppDeps,
  actor: Actor,
  userId: string,
): Promise<{ userId: string; username: string }> => resetTwoFactor(deps, actor, userId);
