/** POST {path} (create) and PUT {path}/{id} (edit) of a master record; the lists of that path reload. */
import { fillPath, masterPaths, type ResourceDef } from '@tagih/contract';
import { apiRequest } from './client.ts';
import { listQueryKey } from './get-list.ts';
import { useReloadingMutation } from './reloading-mutation.ts';

export type SaveRequest =
  | { mode: 'create'; body: Record<string, unknown> }
  | { mode: 'edit'; id: string | number; body: Record<string, unknown> };

export async function saveRecord(resource: ResourceDef, request: SaveRequest): Promise<unknown> {
  const paths = masterPaths(resource);
  const envelope =
    request.mode === 'create'
      ? await apiRequest<unknown>(paths.list, { method: 'POST', body: request.body })
      : await apiRequest<unknown>(fillPath(paths.one, { id: request.id }), {
          method: 'PUT',
          body: request.body,
        });
  return envelope.data;
}

export function useSaveRecord(resource: ResourceDef) {
  return useReloadingMutation(
    (request: SaveRequest) => saveRecord(resource, request),
    [listQueryKey(resource.path)],
  );
}
