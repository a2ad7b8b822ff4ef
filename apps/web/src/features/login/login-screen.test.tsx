import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoginData } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { envelopeResponse, renderRoutes } from '../../test/render.tsx';
import { LoginScreen } from './login-screen.tsx';

function start(answer: LoginData) {
  const api = fakeApi(
    { dashboard_transactionva: ['read'] },
    {
      'POST /api/security/authentication/login': () => envelopeResponse(answer),
    },
  );
  localStorage.clear();
  const { router } = renderRoutes(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '/selectcompany', element: <h1>Select Company</h1> },
    ],
    '/login',
  );
  return { api, router };
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'budi');
  await user.type(screen.getByLabelText('Password'), 'secret-1');
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
  expect(await screen.findByRole('heading', { name: 'Select Company' })).toBeInTheDocument();
}

const LOGIN = { token: 'token-9', user: { userId: 'budi@tagih.id', username: 'budi' } };

describe('sign-in', { timeout: 15_000 }, () => {
  it('warns about failed sign-in attempts since the last sign-in', async () => {
    const { router } = start({ ...LOGIN, failedAttemptsSinceLastLogin: 3 });
    await signIn();
    expect(router.state.location.pathname).toBe('/selectcompany');
    const toast = await screen.findByText('3 failed sign-in attempts since your last sign-in.');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--warning');
  });

  it('says nothing when there were none', async () => {
    start({ ...LOGIN, failedAttemptsSinceLastLogin: 0 });
    await signIn();
    await waitFor(() => expect(localStorage.getItem('token')).toBe('token-9'));
    expect(screen.queryByText(/failed sign-in attempt/)).not.toBeInTheDocument();
  });
});

/** The login POST's fields as sent (multipart). */
function sentLogins() {
  const fetchMock = globalThis.fetch as unknown as {
    mock: { calls: [RequestInfo, RequestInit | undefined][] };
  };
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/security/authentication/login'))
    .map(([, init]) => Object.fromEntries(init?.body as FormData));
}

describe(
  'the sign-in form (spec §5: messages on leaving a field and on Proceed)',
  { timeout: 15_000 },
  () => {
    it('says nothing before a field is left, then checks it at every change', async () => {
      start(LOGIN);
      const user = userEvent.setup();
      const username = screen.getByLabelText('Username');
      expect(username).toHaveFocus();
      await user.type(username, 'x');
      await user.clear(username);
      expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
      await user.tab();
      expect(screen.getByText('Username is required')).toBeInTheDocument();
      expect(username).toHaveAccessibleDescription('Username is required');
      expect(username).toHaveAttribute('aria-invalid', 'true');
      await user.type(username, 'b');
      expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    });

    it('Proceed checks every field, focuses the first wrong one and sends nothing', async () => {
      start(LOGIN);
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Password'), 'ab');
      await user.click(screen.getByRole('button', { name: 'Proceed' }));
      expect(screen.getByText('Username is required')).toBeInTheDocument();
      expect(screen.getByText('Password must be at least 3 characters')).toBeInTheDocument();
      expect(screen.getByLabelText('Username')).toHaveFocus();
      expect(sentLogins()).toEqual([]);
      // After a Proceed every change is checked at once.
      await user.type(screen.getByLabelText('Password'), 'c');
      expect(screen.queryByText('Password must be at least 3 characters')).not.toBeInTheDocument();
    });

    it('Enter submits, with the username trimmed; the password can be shown', async () => {
      start(LOGIN);
      const user = userEvent.setup();
      const password = screen.getByLabelText('Password');
      await user.type(screen.getByLabelText('Username'), '  budi ');
      await user.type(password, ' secret-1');
      expect(password).toHaveAttribute('type', 'password');
      await user.click(screen.getByRole('button', { name: 'Show password' }));
      expect(password).toHaveAttribute('type', 'text');
      await user.click(screen.getByRole('button', { name: 'Hide password' }));
      expect(password).toHaveAttribute('type', 'password');
      await user.type(password, '{Enter}');
      expect(await screen.findByRole('heading', { name: 'Select Company' })).toBeInTheDocument();
      expect(sentLogins()).toEqual([{ username: 'budi', password: ' secret-1' }]);
    });
  },
);
