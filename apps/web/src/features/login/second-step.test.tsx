import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { fakeApi, statusData, type FakeHandler } from '../../test/fake-api.ts';
import { envelopeResponse, renderRoutes } from '../../test/render.tsx';
import { LoginScreen } from './login-screen.tsx';

const LOGIN = {
  token: 'token-9',
  user: { userId: 'budi@tagih.id', username: 'budi' },
  failedAttemptsSinceLastLogin: 0,
};

function start(
  secondStep: FakeHandler,
  status = statusData({ dashboard_transactionva: ['read'] }),
) {
  const bodies: unknown[] = [];
  const api = fakeApi(
    {},
    {
      'GET /api/security/authentication/status': () => envelopeResponse(status),
      'POST /api/security/authentication/login': () =>
        envelopeResponse({ twoFactorRequired: true, challenge: 'ch-1' }),
      'POST /api/security/authentication/login/2fa': secondStep,
    },
  );
  const fetchMock = globalThis.fetch as unknown as {
    mock: { calls: [RequestInfo, RequestInit | undefined][] };
  };
  localStorage.clear();
  const { router } = renderRoutes(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '/selectcompany', element: <h1>Select Company</h1> },
      { path: '/dashboard/manage-account', element: <h1>Manage Account</h1> },
    ],
    '/login',
  );
  const secondStepBodies = () =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('/login/2fa'))
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
  return { api, router, bodies, secondStepBodies };
}

async function passwordStep() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'budi');
  await user.type(screen.getByLabelText('Password'), 'secret-1');
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
  expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
  expect(localStorage.getItem('token')).toBeNull();
  return user;
}

describe('two-factor sign-in, second step', { timeout: 15_000 }, () => {
  it('asks for the code after the password and signs in with it', async () => {
    const { router, secondStepBodies } = start(() => envelopeResponse(LOGIN));
    const user = await passwordStep();
    await user.type(screen.getByLabelText('Code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Select Company' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/selectcompany');
    expect(localStorage.getItem('token')).toBe('token-9');
    expect(secondStepBodies()).toEqual([{ challenge: 'ch-1', code: '123456' }]);
  });

  it('takes a recovery code instead', async () => {
    const { secondStepBodies } = start(() => envelopeResponse(LOGIN));
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCD-efgh-2345-6789');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Select Company' })).toBeInTheDocument();
    expect(secondStepBodies()).toEqual([{ challenge: 'ch-1', recoveryCode: 'abcdefgh23456789' }]);
  });

  it("shows the server's refusal of a wrong code and stays on the step", async () => {
    start(() =>
      envelopeResponse(null, { status: 401, error: 1, message: MESSAGES.twoFactorCodeInvalid }),
    );
    const user = await passwordStep();
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.twoFactorCodeInvalid)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
  });

  it('checks the code shape before asking the server', async () => {
    const { secondStepBodies } = start(() => envelopeResponse(LOGIN));
    const user = await passwordStep();
    await user.type(screen.getByLabelText('Code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeInTheDocument();
    expect(secondStepBodies()).toEqual([]);
  });

  it('takes a user who must enrol to Manage Account', async () => {
    const { router } = start(() => envelopeResponse(LOGIN), {
      ...statusData({ dashboard_transactionva: ['read'] }),
      twoFactorEnabled: false,
      twoFactorEnrolmentRequired: true,
    });
    const user = await passwordStep();
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Manage Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/manage-account');
  });

  it('Back shows the password step again with what was typed, the password hidden', async () => {
    const { secondStepBodies } = start(() => envelopeResponse(LOGIN));
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Username')).toHaveValue('budi');
    expect(screen.getByLabelText('Password')).toHaveValue('secret-1');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(secondStepBodies()).toEqual([]);
  });
});
