/** POST /account/2fa/setup: a pending TOTP secret and its otpauth:// address (nothing changes yet). */
import { useMutation } from '@tanstack/react-query';
import { API_PATHS, type TwoFactorSetupData } from '@tagih/contract';
import { apiRequest } from './client.ts';

export async function setupTwoFactor(): Promise<TwoFactorSetupData> {
  return (
    await apiRequest<TwoFactorSetupData>(API_PATHS.account.twoFactorSetup, { method: 'POST' })
  ).data;
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
