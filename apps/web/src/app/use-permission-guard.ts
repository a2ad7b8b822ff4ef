import { useQueryClient } from '@tanstack/react-query';
import { can, MESSAGES, type StatusData } from '@tagih/contract';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { statusQueryKey } from '../api/get-status.ts';
import { areaOfPath } from './route-access.ts';

/**
 * In-app navigation to a screen whose area.read is missing is cancelled with an alert
 * (spec §2). A page opened directly shows the no-access view instead (RequireRead).
 */
export function usePermissionGuard(): void {
  const queryClient = useQueryClient();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    const area = areaOfPath(nextLocation.pathname);
    const access = queryClient.getQueryData<StatusData>(statusQueryKey)?.access;
    if (area === null || !access) return false;
    return !can(access, area, 'read');
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    window.alert(MESSAGES.noPageAccess);
    blocker.reset();
  }, [blocker]);
}
