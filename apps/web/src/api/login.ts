/** POST /security/authentication/login (multipart username + password). */
import { useMutation } from '@tanstack/react-query';
import { API_PATHS, type LoginBody, type LoginData } from '@tagih/contract';
import { apiRequest } from './client.ts';

export async function login(body: LoginBody): Promise<LoginData> {
  const form = new FormData();
  form.set('username', body.username);
  form.set('password', body.password);
  const envelope = await apiRequest<LoginData>(API_PATHS.auth.login, {
    method: 'POST',
    body: form,
    skipSessionCheck: true,
  });
  return envelope.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
