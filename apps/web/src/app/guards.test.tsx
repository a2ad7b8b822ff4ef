import { screen, waitFor } from '@testing-library/react';
import type { AccessMap, StatusData } from '@tagih/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statusQueryKey } from '../api/get-status.ts';
import { markAuthenticated, storeToken } from '../api/session.ts';
import { envelopeResponse, renderRoutes } from '../test/render.tsx';
import { appRoutes } from './routes.tsx';
import { handleSessionExpiry } from './session-expiry.ts';

function status(access: AccessMap): StatusData {
  return {
    access,
    user: 'ops@tagih.id',
    username: 'ops',
    isSuperadmin: false,
    company: {
      active: { compId: 1, compName: 'PT Maju' },
      available: [{ compId: 1, compName: 'PT Maju' }],
    },
  };
}

function serveStatus(body: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input).startsWith('/api/security/authentication/status')) return body();
    return envelopeResponse(null, { status: 404, error: 1, message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn() {
  storeToken('token-1');
  markAuthenticated();
}

// Each test's router hears the session's end only during that test (as the app's does while it is mounted).
let stopHearingExpiry = () => {};
afterEach(() => stopHearingExpiry());

const start = (path: string) => {
  const rendered = renderRoutes(appRoutes(), path);
  stopHearingExpiry = handleSessionExpiry(rendered.router, rendered.queryClient);
  return rendered;
};

describe('navigation guard', () => {
  it('sends a visitor without a session from a dashboard page to /login', async () => {
    serveStatus(() => envelopeResponse(status({})));
    const { router } = start('/dashboard/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Token Tidak Tersedia')).toBeInTheDocument();
    expect(screen.getByText('Silahkan Login Kembali')).toBeInTheDocument();
  });

  it('sends a visitor without a token from /selectcompany to /login', async () => {
    serveStatus(() => envelopeResponse(status({})));
    const { router } = start('/selectcompany');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      await screen.findByText('Tidak ada token tersimpan. Mengalihkan ke halaman login..'),
    ).toBeInTheDocument();
  });

  it('sends a signed-in user from /login to Home', async () => {
    signIn();
    serveStatus(() => envelopeResponse(status({ master_company: ['read'] })));
    const { router } = start('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/home'));
    expect(await screen.findByText('Selamat Datang')).toBeInTheDocument();
  });

  it('cancels an in-app navigation to a screen without read permission, with an alert', async () => {
    signIn();
    serveStatus(() => envelopeResponse(status({ master_company: ['read'] })));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { router } = start('/dashboard/home');
    expect(await screen.findByText('Selamat Datang')).toBeInTheDocument();

    await router.navigate('/dashboard/transaction-va');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('You do not have access to this page.'));
    expect(router.state.location.pathname).toBe('/dashboard/home');
    expect(screen.getByText('Selamat Datang')).toBeInTheDocument();

    await router.navigate('/dashboard/company-management');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/company-management'),
    );
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it('shows the no-access view when such a screen is the first page opened', async () => {
    signIn();
    serveStatus(() => envelopeResponse(status({ master_company: ['read'] })));
    start('/dashboard/transaction-va');
    expect(await screen.findByText('No Access')).toBeInTheDocument();
    expect(
      screen.getByText("Looks like you don't have permission to access this content."),
    ).toBeInTheDocument();
  });

  it('signs out when the server says the session is over (errorCode 411)', async () => {
    signIn();
    serveStatus(
      () =>
        new Response(
          JSON.stringify({ status: { error: 1, message: 'expired', errorCode: 411 }, data: null }),
          { status: 200 },
        ),
    );
    const { router } = start('/dashboard/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Sesi Login Telah Habis')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signs out with a toast when the status cannot be loaded', async () => {
    signIn();
    serveStatus(() => new Response('boom', { status: 500 }));
    const { router, queryClient } = start('/dashboard/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      // CI saw this wait time out twice (the status spinner still up); say where it stood.
      onTimeout: (error) =>
        new Error(
          `${error.message}\nstatus query: ${JSON.stringify(queryClient.getQueryState(statusQueryKey))}; router: ${router.state.navigation.state}`,
        ),
    });
    expect(await screen.findByText('Gagal Mendapatkan User Status.')).toBeInTheDocument();
  });
});
