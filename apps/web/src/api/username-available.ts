/** GET /account/username-available?username=x (Manage Account uniqueness look-up). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@tagih/contract';
import { apiRequest } from './client.ts';

export async function isUsernameAvailable(
  username: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const query = new URLSearchParams({ username }).toString();
  const envelope = await apiRequest<{ available: boolean }>(API_PATHS.account.usernameAvailable, {
    query,
    signal,
  });
  return envelope.data.available;
}

export const usernameAvailableQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['account', 'username-available', username] as const,
    queryFn: ({ signal }) => isUsernameAvailable(username, signal),
    staleTime: 10_000,
  });

/** `enabled` false: no look-up (e.g. the name is invalid or unchanged). */
export function useUsernameAvailable(username: string, enabled: boolean) {
  return useQuery({ ...usernameAvailableQueryOptions(username), enabled });
}
