import { QueryClient } from '@tanstack/react-query';

/** Failures surface at once (spec §8); screens that must retry say so (select company). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
