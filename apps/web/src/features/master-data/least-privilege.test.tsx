import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MESSAGES,
  fieldMeta,
  permissionResource,
  roleResource,
  userCompanyResource,
  userResource,
  userRoleResource,
  type AccessMap,
} from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { fakeMasterApi, type FakeCall } from './fake-master-api.test-util.ts';
import {
  PermissionsScreen,
  UserCompaniesScreen,
  UserRolesScreen,
  UsersScreen,
} from './master-data-screens.tsx';

const ALL = ['read', 'create', 'update', 'delete'] as AccessMap[string];
const ONLY_SUPERADMIN = 'Only a Superadmin can change a Superadmin user.';

const listOf = (resource: typeof roleResource, rows: Record<string, unknown>[]) =>
  envelopeResponse({
    data: rows,
    pagination: { totalData: rows.length, totalPage: 1, page: 1, itemPerPage: rows.length },
    fields: fieldMeta(resource),
  });

/** The lists the User Role form's selects load. */
function choices(call: FakeCall): Response | undefined {
  if (call.method !== 'GET') return undefined;
  if (call.url.pathname === '/api/master/roles') {
    return listOf(roleResource, [
      { roleId: 1, roleName: 'Superadmin' },
      { roleId: 2, roleName: 'Admin' },
      { roleId: 3, roleName: 'Staff' },
    ]);
  }
  if (call.url.pathname === '/api/master/user')
    return listOf(userResource, [{ userId: 'rina@tagih.id', userStatus: 1 }]);
  return undefined;
}

const USER_ROLES = [
  { usroId: 1, usroUserId: 'admin@tagih.id', usroRoleId: 1, roleName: 'Superadmin' },
  { usroId: 2, usroUserId: 'rina@tagih.id', usroRoleId: 2, roleName: 'Admin' },
];

async function roleChoices(isSuperadmin: boolean) {
  const user = userEvent.setup();
  fakeMasterApi(userRoleResource, USER_ROLES, { master_user_role: ALL }, choices, { isSuperadmin });
  renderUi(<UserRolesScreen />);
  await user.click(await screen.findByRole('button', { name: 'Add Data' }));
  const dialog = await screen.findByRole('dialog');
  const select = within(dialog).getByRole('combobox', { name: 'Role' });
  await waitFor(() => expect(within(dialog).queryByText('Loading..')).not.toBeInTheDocument());
  await user.click(select);
  return screen.getAllByRole('option').map((o) => o.textContent);
}

const USERS = [
  {
    userId: 'admin@tagih.id',
    usloUserName: 'admin',
    userStatus: 1,
    userIsSuperadmin: true,
    userLockedUntil: null,
  },
  {
    userId: 'rina@tagih.id',
    usloUserName: 'rina',
    userStatus: 1,
    userIsSuperadmin: false,
    userLockedUntil: '2099-03-10T03:30:00.000Z',
  },
];
const USER_ACCESS = { master_user: ALL };

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('least privilege on the master screens', { timeout: 20_000 }, () => {
  it('offers the Superadmin role in User Role only to a Superadmin', async () => {
    expect(await roleChoices(false)).toEqual(['Admin', 'Staff']);
  });

  it('a Superadmin may grant the Superadmin role', async () => {
    expect(await roleChoices(true)).toEqual(['Superadmin', 'Admin', 'Staff']);
  });

  it('a user role that grants Superadmin cannot be changed by an Admin', async () => {
    fakeMasterApi(userRoleResource, USER_ROLES, { master_user_role: ALL }, choices);
    renderUi(<UserRolesScreen />);
    const superadminLink = await rowOf('admin@tagih.id');
    expect(within(superadminLink).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(within(superadminLink).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(
      within(await rowOf('rina@tagih.id')).getByRole('button', { name: 'Edit' }),
    ).toBeEnabled();
  });

  it('an Admin cannot edit or delete a Superadmin user, and is told why', async () => {
    const user = userEvent.setup();
    fakeMasterApi(userResource, USERS, USER_ACCESS);
    renderUi(<UsersScreen />);
    const superadmin = await rowOf('admin@tagih.id');
    const edit = within(superadmin).getByRole('button', { name: 'Edit' });
    expect(edit).toBeDisabled();
    expect(within(superadmin).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.hover(edit.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(ONLY_SUPERADMIN);

    const other = await rowOf('rina@tagih.id');
    expect(within(other).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(other).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('a Superadmin may edit and delete a Superadmin user', async () => {
    fakeMasterApi(userResource, USERS, USER_ACCESS, undefined, { isSuperadmin: true });
    renderUi(<UsersScreen />);
    const superadmin = await rowOf('admin@tagih.id');
    expect(within(superadmin).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(superadmin).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it("shows the server's refusal (403) in the save and delete toasts", async () => {
    const user = userEvent.setup();
    const refuse = { status: 403, error: 1 as const, message: ONLY_SUPERADMIN };
    fakeMasterApi(userResource, USERS, USER_ACCESS, (call) =>
      call.method === 'PUT' || call.method === 'DELETE'
        ? envelopeResponse(null, refuse)
        : undefined,
    );
    renderUi(<UsersScreen />);
    const rina = await rowOf('rina@tagih.id');
    await user.click(within(rina).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Not Active' }));
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Error saving user data (user)')).toBeInTheDocument();
    expect(screen.getByText(ONLY_SUPERADMIN)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(rina).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Error deleting user')).toBeInTheDocument();
    expect(screen.getAllByText(ONLY_SUPERADMIN).length).toBeGreaterThan(0);
  });
});

describe('nobody is offered to change a stronger account', { timeout: 20_000 }, () => {
  const STRONGER = MESSAGES.strongerAccount;

  it("User Management: the server's per-row reason disables Edit and Delete, and says why", async () => {
    const user = userEvent.setup();
    fakeMasterApi(
      userResource,
      [
        {
          userId: 'auditor@tagih.id',
          usloUserName: 'auditor',
          userStatus: 1,
          userIsSuperadmin: false,
          protectedReason: STRONGER,
        },
        {
          userId: 'budi@tagih.id',
          usloUserName: 'budi',
          userStatus: 1,
          userIsSuperadmin: false,
          protectedReason: null,
        },
      ],
      USER_ACCESS,
    );
    renderUi(<UsersScreen />);
    const auditor = await rowOf('auditor@tagih.id');
    const edit = within(auditor).getByRole('button', { name: 'Edit' });
    expect(edit).toBeDisabled();
    expect(within(auditor).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.hover(edit.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(STRONGER);
    const budi = await rowOf('budi@tagih.id');
    expect(within(budi).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(budi).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it("User Role and User Company: a stronger user's links cannot be edited or deleted", async () => {
    fakeMasterApi(
      userRoleResource,
      [
        {
          usroId: 7,
          usroUserId: 'auditor@tagih.id',
          usroRoleId: 4,
          roleName: 'Auditor',
          protectedReason: STRONGER,
        },
        {
          usroId: 8,
          usroUserId: 'budi@tagih.id',
          usroRoleId: 3,
          roleName: 'Staff',
          protectedReason: null,
        },
      ],
      { master_user_role: ALL },
      choices,
    );
    const roles = renderUi(<UserRolesScreen />);
    expect(
      within(await rowOf('auditor@tagih.id')).getByRole('button', { name: 'Edit' }),
    ).toBeDisabled();
    expect(
      within(await rowOf('budi@tagih.id')).getByRole('button', { name: 'Edit' }),
    ).toBeEnabled();
    roles.unmount();

    fakeMasterApi(
      userCompanyResource,
      [
        {
          uscoId: 5,
          uscoUserId: 'auditor@tagih.id',
          uscoCompId: 1,
          companyName: 'PT Sinar Pay',
          protectedReason: STRONGER,
        },
        {
          uscoId: 6,
          uscoUserId: 'budi@tagih.id',
          uscoCompId: 1,
          companyName: 'PT Sinar Pay',
          protectedReason: null,
        },
      ],
      { master_user: ['read'], master_user_company: ALL },
    );
    renderUi(<UserCompaniesScreen />);
    expect(
      within(await rowOf('auditor@tagih.id')).getByRole('button', { name: 'Delete' }),
    ).toBeDisabled();
    expect(
      within(await rowOf('budi@tagih.id')).getByRole('button', { name: 'Delete' }),
    ).toBeEnabled();
  });

  it('Permission: only a Superadmin is offered to edit what a permission allows', async () => {
    const permissions = [
      {
        prmsId: 9,
        prmsName: 'master_permission',
        prmsOperations: '["read","create","update","delete"]',
      },
    ];
    fakeMasterApi(permissionResource, permissions, { master_permission: ALL });
    const keeper = renderUi(<PermissionsScreen />);
    expect(
      within(await rowOf('master_permission')).getByRole('button', { name: 'Edit' }),
    ).toBeDisabled();
    expect(
      within(await rowOf('master_permission')).getByRole('button', { name: 'Delete' }),
    ).toBeDisabled();
    keeper.unmount();

    fakeMasterApi(permissionResource, permissions, { master_permission: ALL }, undefined, {
      isSuperadmin: true,
    });
    renderUi(<PermissionsScreen />);
    expect(
      within(await rowOf('master_permission')).getByRole('button', { name: 'Edit' }),
    ).toBeEnabled();
  });
});

describe('sign-in lockout in User Management', { timeout: 20_000 }, () => {
  it('tags a locked user, and a Superadmin unlocks it: the unlock call, the toast, the list reloads', async () => {
    const user = userEvent.setup();
    const api = fakeMasterApi(userResource, USERS, USER_ACCESS, undefined, { isSuperadmin: true });
    renderUi(<UsersScreen />);
    const rina = await rowOf('rina@tagih.id');
    expect(within(rina).getByText('Locked')).toBeInTheDocument();
    expect(within(await rowOf('admin@tagih.id')).queryByText('Locked')).not.toBeInTheDocument();
    expect(
      within(await rowOf('admin@tagih.id')).queryByRole('button', { name: 'Unlock' }),
    ).not.toBeInTheDocument();

    const reloads = api.listCalls().length;
    await user.click(within(rina).getByRole('button', { name: 'Unlock' }));
    const confirm = screen.getByRole('dialog', { name: 'Unlock User' });
    expect(confirm).toHaveTextContent('Unlock sign-in for rina@tagih.id?');
    await user.click(within(confirm).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('User unlocked.')).toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url.pathname)).toEqual(['/api/master/user/rina%40tagih.id/unlock']);
    await waitFor(() => expect(api.listCalls().length).toBeGreaterThan(reloads));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'Gagal membuka kunci user.' with the server's message when refused", async () => {
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
              message: 'Only a Superadmin can unlock a user.',
            })
          : undefined,
      { isSuperadmin: true },
    );
    renderUi(<UsersScreen />);
    await user.click(within(await rowOf('rina@tagih.id')).getByRole('button', { name: 'Unlock' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Unlock User' })).getByRole('button', {
        name: 'Unlock',
      }),
    );
    expect(await screen.findByText('Gagal membuka kunci user.')).toBeInTheDocument();
    expect(screen.getByText('Only a Superadmin can unlock a user.')).toBeInTheDocument();
  });

  it('an Admin sees the lock but is not offered Unlock', async () => {
    fakeMasterApi(userResource, USERS, USER_ACCESS);
    renderUi(<UsersScreen />);
    const rina = await rowOf('rina@tagih.id');
    expect(within(rina).getByText('Locked')).toBeInTheDocument();
    expect(within(rina).queryByRole('button', { name: 'Unlock' })).not.toBeInTheDocument();
  });
});
