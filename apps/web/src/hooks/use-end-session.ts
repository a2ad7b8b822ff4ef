import { useQueryClient } from '@tanstack/react-query';
import { APP_ROUTES } from '@tagih/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../api/session.ts';

/** Flag false, token removed, go to /login, then drop cached data (spec §4 "Logout"). */
export function useEndSession(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    clearSession();
    await navigate(APP_ROUTES.login);
    queryClient.removeQueries();
  }, [navigate, queryClient]);
}
