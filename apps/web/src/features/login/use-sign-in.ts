import { useQueryClient } from '@tanstack/react-query';
import {
  APP_ROUTES,
  MESSAGES,
  dashboardUrl,
  needsSecondStep,
  passwordChangeMessage,
  type LoginBody,
  type LoginData,
} from '@tagih/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { hasAnyAccess, statusQueryOptions } from '../../api/get-status.ts';
import { useLogin } from '../../api/login.ts';
import { useLoginTwoFactor } from '../../api/login-two-factor.ts';
import { clearSession, markAuthenticated, storeToken } from '../../api/session.ts';
import { notify } from '../../components/notify.tsx';

/** The second step's input: a current code from the authenticator app, or one recovery code. */
export type SecondFactor = { code: string } | { recoveryCode: string };

/**
 * Sign-in (spec §4): store the token, load the status; no access -> toast and forget the
 * token; else signed in (with a warning when there were failed attempts on the account since
 * its last sign-in) and on to company selection — or to Manage Account when the user's role
 * requires two-factor and it is not set up yet, or the password must be changed (pci). With two-factor on, the password step answers
 * a challenge instead of a token: the screen asks for a code (`challenge` is set) and
 * `verify` completes the sign-in.
 */
export function useSignIn() {
  const login = useLogin();
  const loginTwoFactor = useLoginTwoFactor();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  const finish = async (data: LoginData) => {
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
    // PASSWORD_POLICY=pci: an expired password, or one set by somebody else, is changed first.
    const passwordChange = data.passwordChangeRequired ?? status.passwordChangeRequired;
    if (passwordChange) {
      notify.warning(passwordChangeMessage(passwordChange));
      await navigate(dashboardUrl('manage-account'));
      return;
    }
    if (status.twoFactorEnrolmentRequired) {
      notify.warning(MESSAGES.twoFactorEnrolmentRequired);
      await navigate(dashboardUrl('manage-account'));
      return;
    }
    await navigate(APP_ROUTES.selectCompany);
  };

  const signIn = async (body: LoginBody) => {
    setBusy(true);
    try {
      const answer = await login.mutateAsync(body).catch(() => null);
      if (answer && needsSecondStep(answer)) {
        setChallenge(answer.challenge);
        return;
      }
      if (!answer?.token) {
        notify.error(MESSAGES.loginFailed);
        return;
      }
      await finish(answer);
    } finally {
      setBusy(false);
    }
  };

  /** Returns the server's message when the code is refused (the challenge may have died: then back to the password). */
  const verify = async (factor: SecondFactor): Promise<string | null> => {
    if (!challenge) return null;
    setBusy(true);
    try {
      const data = await loginTwoFactor.mutateAsync({ challenge, ...factor });
      await finish(data);
      return null;
    } catch (error) {
      const message = errorMessage(error, MESSAGES.loginFailed);
      if (message === MESSAGES.twoFactorChallengeInvalid || message === MESSAGES.accountLocked) {
        setChallenge(null);
        notify.error(message);
      }
      return message;
    } finally {
      setBusy(false);
    }
  };

  return { signIn, verify, challenge, cancelSecondStep: () => setChallenge(null), busy };
}
