import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userResource, type AccessMap } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { clickTwiceAtOnce } from '../../test/click-twice.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { fakeMasterApi } from './fake-master-api.test-util.ts';
import { UsersScreen } from './master-data-screens.tsx';

const ALL = ['read', 'create', 'update', 'delete'] as AccessMap[string];
const USERS = [
  {
    userId: 'admin@tagih.id',
    usloUserName: 'admin',
    userStatus: 1,
    userIsSuperadmin: true,
    userLockedUntil: null,
    userTwoFactor: false,
  },
  {
    userId: 'rina@tagih.id',
    usloUserName: 'rina',
    userStatus: 1,
    userIsSuperadmin: false,
    userLockedUntil: null,
    userTwoFactor: true,
  },
];
const USER_ACCESS = { master_user: ALL };
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('two-factor in User Management', { timeout: 20_000 }, () => {
  it('tags users with two-factor on, and a Superadmin resets it after confirming: the call, the toast, the list reloads', async () => {
    const user = userEvent.setup();
    const api = fakeMasterApi(userResource, USERS, USER_ACCESS, undefined, { isSuperadmin: true });
    renderUi(<UsersScreen />);
    const rina = await rowOf('rina@tagih.id');
    expect(within(rina).getByText('2FA')).toBeInTheDocument();
    const admin = await rowOf('admin@tagih.id');
    expect(within(admin).queryByText('2FA')).not.toBeInTheDocument();
    expect(
      within(admin).queryByRole('button', { name: 'Reset two-factor' }),
    ).not.toBeInTheDocument();

    const reloads = api.listCalls().length;
    await user.click(within(rina).getByRole('button', { name: 'Reset two-factor' }));
    const confirm = screen.getByRole('dialog', { name: 'Reset Two-factor' });
    expect(confirm).toHaveTextContent('Turn off two-factor sign-in for rina@tagih.id?');
    await user.click(within(confirm).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Two-factor sign-in reset.')).toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url.pathname)).toEqual([
      '/api/master/user/rina%40tagih.id/2fa/reset',
    ]);
    await waitFor(() => expect(api.listCalls().length).toBeGreaterThan(reloads));
  });

  it('Reset clicked twice resets once, with one toast', async () => {
    const user = userEvent.setup();
    const api = fakeMasterApi(userResource, USERS, USER_ACCESS, undefined, { isSuperadmin: true });
    renderUi(<UsersScreen />);
    await user.click(
      within(await rowOf('rina@tagih.id')).getByRole('button', { name: 'Reset two-factor' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Reset Two-factor' });
    clickTwiceAtOnce(within(confirm).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Two-factor sign-in reset.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it("offers no reset to a non-Superadmin, and shows the server's refusal", async () => {
    fakeMasterApi(userResource, USERS, USER_ACCESS);
    renderUi(<UsersScreen />);
    expect(
      within(await rowOf('rina@tagih.id')).queryByRole('button', { name: 'Reset two-factor' }),
    ).not.toBeInTheDocument();
  });

  it("says 'Gagal mereset two-factor user.' with the server's message when refused", async () => {
    const user = userEvent.setup();
    fakeMasterApi(
      userResource,
      USERS,
      USER_ACCESS,
      (call) =>
        call.method === 'POST'
          ? envelopeResponse(null, {
              status: 403,
              error: 1,
              message: 'Only a Superadmin resets two-factor.',
            })
          : undefined,
      { isSuperadmin: true },
    );
    renderUi(<UsersScreen />);
    await user.click(
      within(await rowOf('rina@tagih.id')).getByRole('button', { name: 'Reset two-factor' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reset Two-factor' })).getByRole('button', {
        name: 'Reset',
      }),
    );
    expect(await screen.findByText('Gagal mereset two-factor user.')).toBeInTheDocument();
    expect(screen.getByText('Only a Superadmin resets two-factor.')).toBeInTheDocument();
  });
});
