import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type PasswordChangeReason, type PasswordPolicy } from '@tagih/contract';
import { describe, expect, it, vi } from 'vitest';
import { getStatus } from '../../api/get-status.ts';
import { onSessionExpired, storeToken } from '../../api/session.ts';
import { clickTwiceAtOnce } from '../../test/click-twice.ts';
import { fakeApi, statusData } from '../../test/fake-api.ts';
import { envelopeResponse, renderRoutes } from '../../test/render.tsx';
import { ManageAccountScreen } from './manage-account-screen.tsx';

const ACCOUNT = 'PUT /api/account/login';

const sentBodies = () =>
  (
    globalThis.fetch as unknown as { mock: { calls: [RequestInfo, RequestInit | undefined][] } }
  ).mock.calls
    .filter(([url, init]) => String(url).endsWith('/account/login') && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function open(
  policy: PasswordPolicy | undefined,
  handlers: Parameters<typeof fakeApi>[1] = {},
  passwordChangeRequired: PasswordChangeReason | null = null,
) {
  const status = {
    ...statusData({ dashboard: ['read'] }),
    ...(policy ? { passwordPolicy: policy } : {}),
    passwordChangeRequired,
  };
  fakeApi(
    {},
    { 'GET /api/security/authentication/status': () => envelopeResponse(status), ...handlers },
  );
  return renderRoutes(
    [
      { path: '/dashboard/manage-account', element: <ManageAccountScreen /> },
      { path: '/login', element: <h1>Login</h1> },
    ],
    '/dashboard/manage-account',
  );
}

const passwordInput = () => screen.getByLabelText('Password', { selector: 'input' });

describe('Manage Account: password policy', { timeout: 20_000 }, () => {
  it('spec (default): no current password, 6 characters are enough', async () => {
    const user = userEvent.setup();
    open(undefined, {
      [ACCOUNT]: () => envelopeResponse(null, { message: MESSAGES.accountUpdated }),
    });
    await screen.findByDisplayValue('budi');
    expect(
      screen.queryByLabelText('Current password', { selector: 'input' }),
    ).not.toBeInTheDocument();
    await user.type(passwordInput(), 'abc12');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.type(passwordInput(), '3');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies()).toEqual([{ usloUserName: 'budi', usloPassword: 'abc123' }]),
    );
  });

  it('Save clicked twice sends the change once', async () => {
    const user = userEvent.setup();
    open(undefined, {
      [ACCOUNT]: () => envelopeResponse(null, { message: MESSAGES.accountUpdated }),
    });
    await screen.findByDisplayValue('budi');
    await user.type(passwordInput(), 'abc123');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    clickTwiceAtOnce(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.accountUpdated)).toBeInTheDocument();
    expect(sentBodies()).toEqual([{ usloUserName: 'budi', usloPassword: 'abc123' }]);
    expect(screen.queryByText(MESSAGES.accountUpdateFailed)).toBeNull();
  });

  it('pci: the rules under the field, the current password asked for and sent', async () => {
    const user = userEvent.setup();
    open('pci', { [ACCOUNT]: () => envelopeResponse(null, { message: MESSAGES.accountUpdated }) });
    await screen.findByDisplayValue('budi');
    const current = screen.getByLabelText('Current password', { selector: 'input' });
    await user.type(passwordInput(), 'abc123');
    expect(await screen.findByText(MESSAGES.passwordPciTooShort)).toBeInTheDocument();
    await user.clear(passwordInput());
    await user.type(passwordInput(), 'onlyletterslong');
    expect(await screen.findByText(MESSAGES.passwordPciLettersAndDigits)).toBeInTheDocument();
    await user.clear(passwordInput());
    await user.type(passwordInput(), 'Kopi-Tubruk-2026');
    expect(await screen.findByText(MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(current, 'demo-pass-1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBodies()).toEqual([
        { usloUserName: 'budi', usloPassword: 'Kopi-Tubruk-2026', currentPassword: 'demo-pass-1' },
      ]),
    );
  });

  it('pci: a password the same as the username, and what only the server knows, show under the field', async () => {
    const user = userEvent.setup();
    open('pci', {
      [ACCOUNT]: () =>
        envelopeResponse(
          { errors: { usloPassword: MESSAGES.passwordPciReused } },
          { status: 400, error: 1, message: MESSAGES.passwordPciReused },
        ),
    });
    await screen.findByDisplayValue('budi');
    const name = screen.getByLabelText('Username', { selector: 'input' });
    await user.clear(name);
    await user.type(name, 'budi2026staff');
    await user.type(passwordInput(), 'BUDI2026staff');
    expect(await screen.findByText(MESSAGES.passwordPciIsUsername)).toBeInTheDocument();
    await user.clear(passwordInput());
    await user.type(passwordInput(), 'Kopi-Lama-2020');
    await user.type(
      screen.getByLabelText('Current password', { selector: 'input' }),
      'demo-pass-1',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled(), {
      timeout: 3000,
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.passwordPciReused)).toBeInTheDocument();
  });

  it('tells a user whose password was set by somebody else to set a new one', async () => {
    open('pci', {}, 'set-by-other');
    expect(await screen.findByText(MESSAGES.passwordMustChange)).toBeInTheDocument();
  });

  it('after a successful save the ended session is not announced as expired (only "Please relogin.")', async () => {
    const user = userEvent.setup();
    const expired = vi.fn();
    const stop = onSessionExpired(expired);
    let saved = false;
    const { router } = open(undefined, {
      [ACCOUNT]: () => {
        saved = true;
        return envelopeResponse(null, { message: MESSAGES.accountUpdated });
      },
      'POST /api/security/authentication/logout': () =>
        envelopeResponse(null, { status: 401, error: 1, message: MESSAGES.sessionInvalid }),
    });
    await screen.findByDisplayValue('budi');
    await user.type(passwordInput(), 'abc123');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.accountUpdated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(saved).toBe(true);
    // A call still under way when the server revoked the session answers 401: no second toast.
    vi.mocked(globalThis.fetch).mockImplementation(async () =>
      envelopeResponse(null, { status: 401, error: 1, message: MESSAGES.sessionInvalid }),
    );
    await expect(getStatus()).rejects.toThrow();
    expect(expired).not.toHaveBeenCalled();
    expect(screen.queryByText(MESSAGES.sessionExpired)).not.toBeInTheDocument();
    // A later session that the server ends is announced again.
    storeToken('token-2');
    await expect(getStatus()).rejects.toThrow();
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });
});
