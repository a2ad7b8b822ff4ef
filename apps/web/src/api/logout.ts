/** POST /security/authentication/logout. Forgetting the session is the caller's next step. */
import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@tagih/contract';
import { apiRequest } from './client.ts';

export async function logout(): Promise<void> {
  await apiRequest<unknown>(API_PATHS.auth.logout, {
    method: 'POST',
    skipSessionCheck: true,
  });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
