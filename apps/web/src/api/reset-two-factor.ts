/**
 * POST /master/user/{userId}/2fa/reset: a Superadmin turns off a user's two-factor (the server
 * refuses anyone else with 403 and records the reset); the user lists reload.
 */
import { API_PATHS, fillPath, userResource } from '@tagih/contract';
import { apiRequest } from './client.ts';
import { listQueryKey } from './get-list.ts';
import { useReloadingMutation } from './reloading-mutation.ts';

export async function resetTwoFactor(userId: string): Promise<void> {
  await apiRequest<unknown>(fillPath(API_PATHS.users.resetTwoFactor, { id: userId }), {
    method: 'POST',
  });
}

export function useResetTwoFactor() {
  return useReloadingMutation(resetTwoFactor, [listQueryKey(userResource.path)]);
}
