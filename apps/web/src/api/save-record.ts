/** POST {path} (create) and PUT {path}/{id} (edit) of a master record; the lists of that path reload. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { listQueryKey } from './get-list.ts';

export type SaveRequest =
  | { mode: 'create'; body: Record<string, unknown> }
  | { mode: 'edit'; id: string | number; body: Record<string, unknown> };

export async function saveRecord(path: string, request: SaveRequest): Promise<unknown> {
  const envelope =
    request.mode === 'create'
      ? await apiRequest<unknown>(path, { method: 'POST', body: request.body })
      : await apiRequest<unknown>(`${path}/${encodeURIComponent(request.id)}`, {
          method: 'PUT',
          body: request.body,
        });
  return envelope.data;
}

export function useSaveRecord(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveRequest) => saveRecord(path, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listQueryKey(path) }),
  });
}
