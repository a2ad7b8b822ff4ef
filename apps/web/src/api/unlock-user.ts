/**
 * POST /master/user/{userId}/unlock: a Superadmin ends a user's sign-in lockout (the server
 * refuses anyone else with 403 and records the unlock); the user lists reload.
 */
import { API_PATHS, fillPath, userResource } from '@tagih/contract';
import { apiRequest } from './client.ts';
import { listQueryKey } from './get-list.ts';
import { useReloadingMutation } from './reloading-mutation.ts';

export async function unlockUser(userId: string): Promise<void> {
  await apiRequest<unknown>(fillPath(API_PATHS.users.unlock, { id: userId }), { method: 'POST' });
}

export function useUnlockUser() {
  return useReloadingMutation(unlockUser, [listQueryKey(userResource.path)]);
}
