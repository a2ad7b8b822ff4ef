/** DELETE {path}/{id} of a master record; the lists of that path reload. */
import { fillPath, masterPaths, type ResourceDef } from '@tagih/contract';
import { apiRequest } from './client.ts';
import { listQueryKey } from './get-list.ts';
import { useReloadingMutation } from './reloading-mutation.ts';

export async function deleteRecord(resource: ResourceDef, id: string | number): Promise<void> {
  await apiRequest<null>(fillPath(masterPaths(resource).one, { id }), { method: 'DELETE' });
}

export function useDeleteRecord(resource: ResourceDef) {
  return useReloadingMutation(
    (id: string | number) => deleteRecord(resource, id),
    [listQueryKey(resource.path)],
  );
}
