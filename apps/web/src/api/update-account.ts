/** PUT /account/login: the signed-in user's username and (optional) password. */
import { useMutation } from '@tanstack/react-query';
import { API_PATHS, type AccountLoginBody } from '@tagih/contract';
import { apiRequest } from './client.ts';

export async function updateAccount(body: AccountLoginBody): Promise<void> {
  const payload: AccountLoginBody = { usloUserName: body.usloUserName };
  if (body.usloPassword) payload.usloPassword = body.usloPassword; // an empty password is not sent
  if (body.currentPassword) payload.currentPassword = body.currentPassword; // PASSWORD_POLICY=pci asks for it
  await apiRequest<unknown>(API_PATHS.account.login, { method: 'PUT', body: payload });
}

export function useUpdateAccount() {
  return useMutation({ mutationFn: updateAccount });
}
