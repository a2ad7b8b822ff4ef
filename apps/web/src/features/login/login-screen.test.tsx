import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoginData } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { envelopeResponse, renderRoutes } from '../../test/render.tsx';
import { LoginScreen } from './login-screen.tsx';

function start(answer: LoginData) {
  const api = fakeApi({ dashboard_transactionva: ['read'] }, {
    'POST /api/security/authentication/login': () => envelopeResponse(answer),
  });
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
