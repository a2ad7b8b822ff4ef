/** DELETE {path}/{id} of a master record; the lists of that path reload. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { listQueryKey } from './get-list.ts';

export async function deleteRecord(path: string, id: string | number): Promise<void> {
  await apiRequest<null>(`${path}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteRecord(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | number) => deleteRecord(path, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listQueryKey(path) }),
  });
}
