import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccessMap } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { clickTwiceAtOnce } from '../../test/click-twice.ts';
import { envelopeResponse, renderUi } from '../../test/render.tsx';
import { companyGroupsConfig as config } from './configs/company-groups.ts';
import { fakeMasterApi, type FakeCall } from './fake-master-api.test-util.ts';
import { MasterScreen } from './master-screen.tsx';

const rows = [
  {
    grcpId: 1,
    grcpName: 'Grup Nusantara',
    grcpNickName: 'GN',
    grcpAddress: 'Jl. Merdeka 1',
    grcpCity: 'Jakarta',
    grcpTelp: '0211234567',
    grcpFax: '021-765',
    grcpUpdatedTime: null,
  },
  {
    grcpId: 2,
    grcpName: 'Grup Priangan',
    grcpNickName: 'GP',
    grcpAddress: 'Jl. Asia Afrika 2',
    grcpCity: null,
    grcpTelp: '0227654321',
    grcpFax: '022-111',
    grcpUpdatedTime: null,
  },
];

const ALL: AccessMap = { master_company_group: ['read', 'create', 'update', 'delete'] };

function setup(access: AccessMap = ALL, override?: (call: FakeCall) => Response | undefined) {
  const api = fakeMasterApi(config.resource, rows, access, override);
  renderUi(<MasterScreen config={config} />);
  return api;
}

const valid = {
  'Nama Company Group': 'Grup Baru',
  Nickname: 'GB',
  Alamat: 'Jl. Sudirman 5',
  'Nama Kota': 'Bandung',
  'No. Telpon': '0221234567',
  'No. Fax': '022-123456',
};

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of Object.entries(valid)) {
    await user.click(screen.getByRole('textbox', { name: label }));
    await user.paste(value);
  }
}

/** The server's refusal of a name already used (409, the field named). */
const nameTaken = () =>
  envelopeResponse(
    { errors: { grcpName: 'Company Group has already been used' } },
    { status: 409, error: 1, message: 'Company Group has already been used' },
  );

/** Add Data, a valid form: its Save, enabled. */
async function validNewForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add Data' }));
  await fillValid(user);
  const save = screen.getByRole('button', { name: 'Save' });
  await waitFor(() => expect(save).toBeEnabled(), { timeout: 2000 });
  return save;
}

describe('MasterScreen', { timeout: 15_000 }, () => {
  it('lists the rows of the list answer with the crumb, the count and N/A for empty cells', async () => {
    setup();
    expect(await screen.findByText('Grup Nusantara')).toBeInTheDocument();
    expect(screen.getByText('Grup Priangan')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'breadcrumb' })).toHaveTextContent(
      'Home>Company Group Management',
    );
    expect(screen.getByText('Jumlah Data').nextSibling).toHaveTextContent('2');
    expect(screen.getAllByText('N/A').length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
  });

  it('reloads with the search once typing pauses', async () => {
    const user = userEvent.setup();
    const api = setup();
    await screen.findByText('Grup Nusantara');
    await user.type(screen.getByRole('textbox', { name: 'Search Company Group Name..' }), 'Nus');
    const searched = () =>
      api.listCalls().filter((c) => c.url.searchParams.get('search') === 'Nus');
    expect(searched()).toHaveLength(0);
    await waitFor(() => expect(searched()).toHaveLength(1), { timeout: 2000 });
    expect(searched()[0]!.url.searchParams.get('searchFields')).toBe('grcpName');
    expect(
      api.listCalls().some((c) => ['N', 'Nu'].includes(c.url.searchParams.get('search') ?? '')),
    ).toBe(false);
  });

  it('hides Add Data, Edit and Delete without create, update and delete', async () => {
    setup({ master_company_group: ['read'] });
    await screen.findByText('Grup Nusantara');
    expect(screen.queryByRole('button', { name: 'Add Data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('keeps Save disabled until the form is valid, then creates and reloads', async () => {
    const user = userEvent.setup();
    const api = setup();
    await user.click(await screen.findByRole('button', { name: 'Add Data' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Menambahkan data Company Group baru.')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await fillValid(user);
    await waitFor(() => expect(save).toBeEnabled(), { timeout: 2000 });
    const listsBefore = api.listCalls().length;
    await user.click(save);
    const post = await waitFor(() => api.calls.find((c) => c.method === 'POST')!);
    expect(post.url.pathname).toBe('/api/master/Company_Group');
    expect(post.body).toEqual({
      grcpName: 'Grup Baru',
      grcpNickName: 'GB',
      grcpAddress: 'Jl. Sudirman 5',
      grcpCity: 'Bandung',
      grcpTelp: '0221234567',
      grcpFax: '022-123456',
    });
    expect(await screen.findByText('Berhasil menambahkan company baru.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.listCalls().length).toBeGreaterThan(listsBefore));
  });

  it('Save clicked twice creates once: the first answer closes the dialog with its toast', async () => {
    const user = userEvent.setup();
    // A second create of the same name is refused as a duplicate, as the server does.
    let posts = 0;
    const api = setup(ALL, (call) =>
      call.method === 'POST' && ++posts > 1 ? nameTaken() : undefined,
    );
    clickTwiceAtOnce(await validNewForm(user));
    expect(await screen.findByText('Berhasil menambahkan company baru.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.queryByText('Gagal menyimpan companydata')).toBeNull();
  });

  it('puts the server message of a 409 on the field', async () => {
    const user = userEvent.setup();
    setup(ALL, (call) => (call.method === 'POST' ? nameTaken() : undefined));
    const save = await validNewForm(user);
    await user.click(save);
    const name = screen.getByRole('textbox', { name: 'Nama Company Group' });
    await waitFor(
      () => expect(name).toHaveAccessibleDescription('Company Group has already been used'),
      { timeout: 3000 },
    );
    expect(await screen.findByText('Gagal menyimpan companydata')).toBeInTheDocument();
    expect(save).toBeDisabled();
  });

  it('looks the name up after a pause and says it has already been used', async () => {
    const user = userEvent.setup();
    const api = setup();
    await user.click(await screen.findByRole('button', { name: 'Add Data' }));
    await user.click(screen.getByRole('textbox', { name: 'Nama Company Group' }));
    await user.paste('Grup Nusantara');
    const name = screen.getByRole('textbox', { name: 'Nama Company Group' });
    await waitFor(
      () => expect(name).toHaveAccessibleDescription('Company Group has already been used'),
      { timeout: 3000 },
    );
    const lookups = api.calls.filter((c) => c.url.searchParams.has('finds[grcpName][eq]'));
    expect(lookups.map((c) => c.url.searchParams.get('finds[grcpName][eq]'))).toEqual([
      'Grup Nusantara',
    ]);
  });

  it('edits a copy of the row and sends its primary key', async () => {
    const user = userEvent.setup();
    const api = setup();
    await screen.findByText('Grup Nusantara');
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
    expect(await screen.findByText('Mengedit data Company Group.')).toBeInTheDocument();
    const city = screen.getByRole('textbox', { name: 'Nama Kota' });
    expect(city).toHaveValue('Jakarta');
    await user.clear(city);
    await user.type(city, 'Bogor');
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    const put = await waitFor(() => api.calls.find((c) => c.method === 'PUT')!);
    expect(put.url.pathname).toBe('/api/master/Company_Group/1');
    expect(put.body).toMatchObject({ grcpId: 1, grcpCity: 'Bogor', grcpName: 'Grup Nusantara' });
    expect(await screen.findByText('Berhasil memperbarui company group data.')).toBeInTheDocument();
  });

  it('deletes after confirmation, with the screen toast', async () => {
    const user = userEvent.setup();
    const api = setup();
    await screen.findByText('Grup Nusantara');
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Data Deletion')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Are you sure you want to delete this data?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(api.calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe(
      '/api/master/Company_Group/2',
    );
    expect(await screen.findByText('Company Group deleted successfully')).toBeInTheDocument();
  });

  it('Continue clicked twice deletes once', async () => {
    const user = userEvent.setup();
    const api = setup();
    await screen.findByText('Grup Nusantara');
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[1]!);
    clickTwiceAtOnce(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }),
    );
    expect(await screen.findByText('Company Group deleted successfully')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByText('Error deleting user')).toBeNull();
  });

  it('tells when a delete is refused', async () => {
    const user = userEvent.setup();
    setup(ALL, (call) =>
      call.method === 'DELETE'
        ? envelopeResponse(null, {
            status: 409,
            error: 1,
            message: 'Company Group is still used by 1 companies; remove those first.',
          })
        : undefined,
    );
    await screen.findByText('Grup Nusantara');
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Error deleting user')).toBeInTheDocument();
  });

  it('filters by city and Refresh clears search and filters', async () => {
    const user = userEvent.setup();
    const api = setup();
    await screen.findByText('Grup Nusantara');
    await user.click(screen.getByRole('button', { name: 'Filter Data' }));
    expect(screen.getByRole('button', { name: 'CLEAR FILTER' })).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: 'By City' }));
    await user.paste('Jakarta');
    await user.click(screen.getByRole('button', { name: 'Apply Filter' }));
    await waitFor(() =>
      expect(
        api.listCalls().some((c) => c.url.searchParams.get('finds[grcpCity]') === 'Jakarta'),
      ).toBe(true),
    );
    await user.type(screen.getByRole('textbox', { name: 'Search Company Group Name..' }), 'x');
    const before = api.listCalls().length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole('textbox', { name: 'Search Company Group Name..' })).toHaveValue('');
    await waitFor(() => expect(api.listCalls().length).toBeGreaterThan(before));
    expect(api.listCalls().at(-1)!.url.searchParams.has('finds[grcpCity]')).toBe(false);
  });
});
