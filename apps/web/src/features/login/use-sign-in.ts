import { useQueryClient } from '@tanstack/react-query';
import { APP_ROUTES, MESSAGES, type LoginBody } from '@tagih/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { hasAnyAccess, statusQueryOptions } from '../../api/get-status.ts';
import { useLogin } from '../../api/login.ts';
import { clearSession, markAuthenticated, storeToken } from '../../api/session.ts';
import { notify } from '../../components/notify.tsx';

/**
 * Sign-in (spec §4): store the token, load the status; no access -> toast and forget the
 * token; else signed in (with a warning when there were failed attempts on the account since
 * its last sign-in) and on to company selection.
 */
export function useSignIn() {
  const login = useLogin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const signIn = async (body: LoginBody) => {
    setBusy(true);
    try {
      const data = await login.mutateAsync(body).catch(() => null);
      if (!data?.token) {
        notify.error(MESSAGES.loginFailed);
        return;
      }
      storeToken(data.token);
      const status = await queryClient.fetchQuery(statusQueryOptions()).catch(() => null);
      if (!hasAnyAccess(status)) {
        clearSession();
        queryClient.removeQueries();
        notify.error(MESSAGES.loginNoAccess);
        return;
      }
      markAuthenticated();
      // Someone may have been guessing this account's password (PCI DSS 10.2): say so.
      const failed = data.failedAttemptsSinceLastLogin ?? 0;
      if (failed > 0) notify.warning(MESSAGES.failedAttemptsSinceLastLogin(failed));
      await navigate(APP_ROUTES.selectCompany);
    } finally {
      setBusy(false);
    }
  };

  return { signIn, busy };
}
