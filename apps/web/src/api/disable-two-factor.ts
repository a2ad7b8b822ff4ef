/** POST /account/2fa/disable: the password and a code or a recovery code. Status reloads. */
import { API_PATHS, type TwoFactorDisableBody } from '@tagih/contract';
import { apiRequest } from './client.ts';
import { statusQueryKey } from './get-status.ts';
import { useReloadingMutation } from './reloading-mutation.ts';

export async function disableTwoFactor(body: TwoFactorDisableBody): Promise<void> {
  await apiRequest<unknown>(API_PATHS.account.twoFactorDisable, { method: 'POST', body });
}

export function useDisableTwoFactor() {
  return useReloadingMutation(disableTwoFactor, [statusQueryKey]);
}
