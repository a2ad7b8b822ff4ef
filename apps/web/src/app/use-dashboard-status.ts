import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@tagih/contract';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSessionError } from '../api/client.ts';
import { hasAnyAccess, statusQueryKey, useStatus } from '../api/get-status.ts';
import { clearSession, expireSession } from '../api/session.ts';
import { notify } from '../components/notify.tsx';
import { LOGIN_ROUTE, MANAGE_ACCOUNT_ROUTE } from './route-access.ts';

/**
 * The status behind the dashboard (spec §4, §6): refreshed on every screen change; a
 * failure signs out with 'Gagal Mendapatkan User Status.'; an empty access map ends the session.
 */
export function useDashboardStatus() {
  const status = useStatus();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    void queryClient.refetchQueries({ queryKey: statusQueryKey }, { cancelRefetch: false });
  }, [pathname, queryClient]);

  const { isError, error, data } = status;
  useEffect(() => {
    if (!isError || isSessionError(error)) return; // the client has already signed out
    notify.error(MESSAGES.statusLoadFailed, undefined, { toastId: 'status-failed' });
    clearSession();
    void navigate(LOGIN_ROUTE);
  }, [isError, error, navigate]);

  useEffect(() => {
    if (data && !hasAnyAccess(data)) expireSession();
  }, [data]);

  // MFA_REQUIRED_ROLES: a user who must still enrol in two-factor can do nothing else.
  // PASSWORD_POLICY=pci: so can one whose password expired or was set by somebody else.
  const mustEnrol = Boolean(data?.twoFactorEnrolmentRequired || data?.passwordChangeRequired);
  useEffect(() => {
    if (mustEnrol && pathname !== MANAGE_ACCOUNT_ROUTE) void navigate(MANAGE_ACCOUNT_ROUTE);
  }, [mustEnrol, pathname, navigate]);

  return status;
}
