/**
 * The tenth wrong current password locks the account and ends every session (server:
 * modules/auth/lockout.ts): it answers 401 with the lockout message and errorCode 411, and the
 * app treats it as an ended session (token dropped, the expiry listeners send the user to sign-in).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, SESSION_ERROR_CODE } from '@tagih/contract';
import { describe, expect, it, vi } from 'vitest';
import { getToken, onSessionExpired } from '../../api/session.ts';
import { fakeApi, statusData } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ManageAccountScreen } from './manage-account-screen.tsx';

const locked = () =>
  new Response(
    JSON.stringify({
      status: { error: 1, message: MESSAGES.accountLocked, errorCode: SESSION_ERROR_CODE },
      data: null,
    }),
    {
      status: 401,
      headers: { 'Content-Type': 'application/json' },
    },
  );

describe('Manage Account: a re-check that locks the account', { timeout: 60_000 }, () => {
  it('ends the session in the browser too', async () => {
    const user = userEvent.setup();
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    const status = {
      ...statusData({ dashboard: ['read'] }),
      passwordPolicy: 'pci' as const,
      passwordChangeRequired: null,
    };
    fakeApi(
      {},
      {
        'GET /api/security/authentication/status': () =>
          new Response(JSON.stringify({ status: { error: 0, message: 'Success' }, data: status }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        'PUT /api/account/login': locked,
      },
    );
    renderRoutes(
      [
        { path: '/dashboard/manage-account', element: <ManageAccountScreen /> },
        { path: '/login', element: <h1>Login</h1> },
      ],
      '/dashboard/manage-account',
    );
    await screen.findByDisplayValue('budi');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Kopi-Tubruk-2026');
    await user.type(
      screen.getByLabelText('Current password', { selector: 'input' }),
      'a-wrong-guess-10',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
    expect(getToken()).toBeNull();
    stop();
  });
});
