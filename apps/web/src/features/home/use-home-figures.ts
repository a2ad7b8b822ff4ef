/** GET /dashboard/home: the active company's Home figures, keyed by that company. */
import { useQuery } from '@tanstack/react-query';
import { API_PATHS, type HomeFigures } from '@tagih/contract';
import { apiRequest } from '../../api/client.ts';
import { statusQueryOptions } from '../../api/get-status.ts';
import { useLiveReload } from '../../api/live-events.ts';

export async function getHomeFigures(signal?: AbortSignal): Promise<HomeFigures> {
  return (await apiRequest<HomeFigures>(API_PATHS.home, { signal })).data;
}

export function useHomeFigures() {
  // Reads the status the dashboard loaded (never fetches it itself: the shell decides how and
  // when, with its own retries); a switch of company changes the key, so the figures reload.
  const status = useQuery({ ...statusQueryOptions(), enabled: false });
  const compId = status.data?.company.active?.compId ?? null;
  // Every change of the company moves a figure: a payment, an expiry, a new bill, a notification.
  useLiveReload(['home', compId], (event) => event.compId === compId, compId !== null);
  return useQuery({
    queryKey: ['home', compId],
    queryFn: ({ signal }) => getHomeFigures(signal),
    enabled: compId !== null,
    staleTime: 0,
  });
}
