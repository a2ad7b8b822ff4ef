/** POST /security/authentication/login/2fa: the sign-in's second step (a code, or a recovery code). */
import { useMutation } from '@tanstack/react-query';
import { API_PATHS, type LoginData, type LoginTwoFactorBody } from '@tagih/contract';
import { apiRequest } from './client.ts';

export async function loginTwoFactor(body: LoginTwoFactorBody): Promise<LoginData> {
  const envelope = await apiRequest<LoginData>(API_PATHS.auth.loginTwoFactor, {
    method: 'POST',
    body,
    skipSessionCheck: true,
  });
  return envelope.data;
}

export function useLoginTwoFactor() {
  return useMutation({ mutationFn: loginTwoFactor });
}
