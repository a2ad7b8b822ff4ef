/** POST /security/Authentication/SetCompany/{compId}: data.response true means success. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, fillPath } from '@tagih/contract';
import { apiRequest } from './client.ts';
import { statusQueryKey } from './get-status.ts';

export async function setCompany(compId: number): Promise<boolean> {
  const envelope = await apiRequest<{ response: boolean }>(
    fillPath(API_PATHS.auth.setCompany, { compId }),
    {
      method: 'POST',
    },
  );
  return envelope.data?.response === true;
}

export function useSetCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompany,
    onSuccess: (ok) => {
      if (!ok) return;
      // Every list, figure and break read so far is the previous company's: none may show again.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== statusQueryKey[0] });
      return queryClient.invalidateQueries({ queryKey: statusQueryKey });
    },
  });
}
