/**
 * A mutation after which queries reload: the lists a save or delete touched, or what a
 * transaction action may have changed. Every write of the web app reloads through here.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export function useReloadingMutation<Vars, Result>(
  mutationFn: (vars: Vars) => Promise<Result>,
  reloads: readonly QueryKey[],
  /** 'success': only after it worked; 'settled': whatever the answer. */
  when: 'success' | 'settled' = 'success',
) {
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all(reloads.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    ...(when === 'success' ? { onSuccess: reload } : { onSettled: reload }),
  });
}
