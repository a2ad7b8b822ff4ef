/**
 * The signed-in user's own table preferences: the columns they chose on a screen
 * and their saved views, kept on the server (/api/preferences/:screen/…).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  fillPath,
  type ColumnPreference,
  type PreferenceScreen,
  type SavedView,
  type SavedViewBody,
} from '@tagih/contract';
import { apiRequest } from '../api/client.ts';

const columnsKey = (screen: PreferenceScreen) => ['preferences', screen, 'columns'] as const;
const viewsKey = (screen: PreferenceScreen) => ['preferences', screen, 'views'] as const;

/** The chosen columns, or null (the default layout) — also while loading or when it failed. */
export function useChosenColumns(screen: PreferenceScreen): readonly string[] | null {
  const query = useQuery({
    queryKey: columnsKey(screen),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<ColumnPreference>(fillPath(API_PATHS.preferences.columns, { screen }), {
          signal,
        })
      ).data,
    staleTime: Infinity,
  });
  return query.data?.columns ?? null;
}

/** Saves a choice (a list) or goes back to the default (null). */
export function useSaveColumns(screen: PreferenceScreen) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (columns: string[] | null) => {
      const path = fillPath(API_PATHS.preferences.columns, { screen });
      const envelope = columns
        ? await apiRequest<ColumnPreference>(path, { method: 'PUT', body: { columns } })
        : await apiRequest<ColumnPreference>(path, { method: 'DELETE' });
      return envelope.data;
    },
    onSuccess: (data) => client.setQueryData(columnsKey(screen), data),
  });
}

export function useSavedViews(screen: PreferenceScreen) {
  return useQuery({
    queryKey: viewsKey(screen),
    queryFn: async ({ signal }) =>
      (await apiRequest<SavedView[]>(fillPath(API_PATHS.preferences.views, { screen }), { signal }))
        .data,
  });
}

export function useSaveView(screen: PreferenceScreen) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SavedViewBody) =>
      (
        await apiRequest<SavedView>(fillPath(API_PATHS.preferences.views, { screen }), {
          method: 'POST',
          body,
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: viewsKey(screen) }),
  });
}

export function useDeleteView(screen: PreferenceScreen) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (viewId: number) => {
      await apiRequest<null>(fillPath(API_PATHS.preferences.view, { screen, viewId }), {
        method: 'DELETE',
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: viewsKey(screen) }),
  });
}
