/**
 * A client's SNAP API access (Client screen): POST its public key to /master/client/{clntid}/snap-credentials
 * for a client id and a secret shown once (giving it again replaces key and secret), DELETE to revoke.
 * The server checks the permission and records each step; the client list reloads (it shows the client id).
 */
import { API_PATHS, clientResource, fillPath, type ClientApiAccess } from '@tagih/contract';
import { apiRequest } from './client.ts';
import { listQueryKey } from './get-list.ts';
import { useReloadingMutation } from './reloading-mutation.ts';

const pathOf = (clntid: number) => fillPath(API_PATHS.clients.apiAccess, { id: clntid });

export async function giveApiAccess({
  clntid,
  publicKey,
}: {
  clntid: number;
  publicKey: string;
}): Promise<ClientApiAccess> {
  return (
    await apiRequest<ClientApiAccess>(pathOf(clntid), { method: 'POST', body: { publicKey } })
  ).data;
}

export async function revokeApiAccess(clntid: number): Promise<void> {
  await apiRequest<unknown>(pathOf(clntid), { method: 'DELETE' });
}

export const useGiveApiAccess = () =>
  useReloadingMutation(giveApiAccess, [listQueryKey(clientResource.path)]);
export const useRevokeApiAccess = () =>
  useReloadingMutation(revokeApiAccess, [listQueryKey(clientResource.path)]);
