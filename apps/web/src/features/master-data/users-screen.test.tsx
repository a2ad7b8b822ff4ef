import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userResource } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { fakeMasterApi } from './fake-master-api.test-util.ts';
import { UsersScreen } from './master-data-screens.tsx';

const rows = [
  { userId: 'rina@tagih.id', userStatus: 1, usloUserName: 'rina' },
  { userId: 'budi@tagih.id', userStatus: 0, usloUserName: 'budi' },
];
const access = {
  master_user: ['read', 'create', 'update', 'delete'] as (
    'read' | 'create' | 'update' | 'delete'
  )[],
};

describe('UsersScreen', { timeout: 15_000 }, () => {
  it('shows the status tags and the user counts', async () => {
    fakeMasterApi(userResource, rows, access);
    renderUi(<UsersScreen />);
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Not Active')).toBeInTheDocument();
    expect(screen.getByText('Jumlah User')).toBeInTheDocument();
    expect(screen.getByText('User Aktif')).toBeInTheDocument();
  });

  it('creates the user and its login in one POST', async () => {
    const user = userEvent.setup();
    const noLogins = envelopeResponse({
      data: [],
      pagination: { totalData: 0, totalPage: 0, page: 1, itemPerPage: 1 },
      fields: [],
    });
    const api = fakeMasterApi(userResource, rows, access, (call) =>
      call.url.pathname === '/api/master/User_Login' ? noLogins.clone() : undefined,
    );
    renderUi(<UsersScreen />);
    await user.click(await screen.findByRole('button', { name: 'Add Data' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('textbox', { name: 'User ID' }));
    await user.paste('new@tagih.id');
    await user.click(within(dialog).getByRole('textbox', { name: 'Username' }));
    await user.paste('newbie');
    await user.click(within(dialog).getByLabelText('Password'));
    await user.paste('secret-1');
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Active' }));
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled(), { timeout: 3000 });
    await user.click(save);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/master/user');
    expect(post.body).toEqual({
      userId: 'new@tagih.id',
      userStatus: 1,
      usloUserName: 'newbie',
      usloPassword: 'secret-1',
    });
    expect(await screen.findByText('User added successfully')).toBeInTheDocument();
    // The username was looked up among the logins.
    expect(
      api.calls.some(
        (c) =>
          c.url.pathname === '/api/master/User_Login' &&
          c.url.searchParams.get('finds[usloUserName][eq]') === 'newbie',
      ),
    ).toBe(true);
  });

  it('edits with User ID read-only and an empty password that is not sent', async () => {
    const user = userEvent.setup();
    const api = fakeMasterApi(userResource, rows, access);
    renderUi(<UsersScreen />);
    await screen.findByText('rina@tagih.id');
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'User ID' })).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Not Active' }));
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    const put = await waitFor(() => api.calls.find((c) => c.method === 'PUT')!);
    expect(put.url.pathname).toBe('/api/master/user/rina%40tagih.id');
    expect(put.body).toEqual({ userId: 'rina@tagih.id', userStatus: 0, usloUserName: 'rina' });
    expect(await screen.findByText('Berhasil memperbarui user data.')).toBeInTheDocument();
  });
});
