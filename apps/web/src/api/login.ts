/** POST /security/authentication/login (multipart username + password). */
import { useMutation } from '@tanstack/react-query';
import { API_PATHS, type LoginAnswer, type LoginBody } from '@tagih/contract';
import { apiRequest } from './client.ts';

/** Signed in (a token), or the second step is needed (two-factor: a challenge, no token). */
export async function login(body: LoginBody): Promise<LoginAnswer> {
  const form = new FormData();
  form.set('username', body.username);
  form.set('password', body.password);
  const envelope = await apiRequest<LoginAnswer>(API_PATHS.auth.login, {
    method: 'POST',
    body: form,
    skipSessionCheck: true,
  });
  return envelope.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
