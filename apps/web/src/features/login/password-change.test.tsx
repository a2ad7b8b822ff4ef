import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type PasswordChangeReason } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { fakeApi, statusData } from '../../test/fake-api.ts';
import { envelopeResponse, renderRoutes } from '../../test/render.tsx';
import { LoginScreen } from './login-screen.tsx';

function signIn(reason: PasswordChangeReason | undefined) {
  const login = {
    token: 'token-7',
    user: { userId: 'budi@tagih.id', username: 'budi' },
    failedAttemptsSinceLastLogin: 0,
  };
  fakeApi(
    {},
    {
      'GET /api/security/authentication/status': () =>
        envelopeResponse({
          ...statusData({ dashboard_transactionva: ['read'] }),
          passwordPolicy: 'pci',
          passwordChangeRequired: reason ?? null,
        }),
      'POST /api/security/authentication/login': () =>
        envelopeResponse({ ...login, ...(reason ? { passwordChangeRequired: reason } : {}) }),
    },
  );
  localStorage.clear();
  return renderRoutes(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '/selectcompany', element: <h1>Select Company</h1> },
      { path: '/dashboard/manage-account', element: <h1>Manage Account</h1> },
    ],
    '/login',
  );
}

async function proceed() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'budi');
  await user.type(screen.getByLabelText('Password'), 'secret-1');
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
}

describe(
  'sign-in when the password must be changed (PASSWORD_POLICY=pci)',
  { timeout: 15_000 },
  () => {
    it.each([
      ['expired', MESSAGES.passwordExpired],
      ['set-by-other', MESSAGES.passwordMustChange],
    ] as const)('%s: goes to Manage Account with the reason', async (reason, message) => {
      const { router } = signIn(reason);
      await proceed();
      expect(await screen.findByRole('heading', { name: 'Manage Account' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard/manage-account');
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(localStorage.getItem('token')).toBe('token-7');
    });

    it('otherwise goes on to company selection', async () => {
      const { router } = signIn(undefined);
      await proceed();
      expect(await screen.findByRole('heading', { name: 'Select Company' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/selectcompany');
    });
  },
);
