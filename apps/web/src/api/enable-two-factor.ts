/** POST /account/2fa/enable: turns two-factor on with a first code; the recovery codes come back once. Status reloads. */
import { API_PATHS, type TwoFactorEnableBody, type TwoFactorEnableData } from '@tagih/contract';
import { apiRequest } from './client.ts';
import { statusQueryKey } from './get-status.ts';
import { useReloadingMutation } from './reloading-mutation.ts';

export async function enableTwoFactor(body: TwoFactorEnableBody): Promise<TwoFactorEnableData> {
  return (
    await apiRequest<TwoFactorEnableData>(API_PATHS.account.twoFactorEnable, {
      method: 'POST',
      body,
    })
  ).data;
}

export function useEnableTwoFactor() {
  return useReloadingMutation(enableTwoFactor, [statusQueryKey]);
}
