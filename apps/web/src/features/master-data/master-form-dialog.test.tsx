import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccessMap } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { companyGroupsConfig } from './configs/company-groups.ts';
import { usersConfig } from './configs/users.ts';
import { fakeMasterApi } from './fake-master-api.test-util.ts';
import { MasterScreen } from './master-screen.tsx';

const GROUPS: AccessMap = { master_company_group: ['read', 'create', 'update'] };
const group = {
  grcpId: 1,
  grcpName: 'Grup Nusantara',
  grcpNickName: 'GN',
  grcpAddress: 'Jl. Merdeka 1',
  grcpCity: 'Jakarta',
  grcpTelp: '0211234567',
  grcpFax: '021-765',
  grcpUpdatedTime: null,
};

async function openAdd() {
  const user = userEvent.setup();
  fakeMasterApi(companyGroupsConfig.resource, [group], GROUPS);
  renderUi(<MasterScreen config={companyGroupsConfig} />);
  await user.click(await screen.findByRole('button', { name: 'Add Data' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

describe('master add/edit dialog', { timeout: 15_000 }, () => {
  it('starts with the focus on the first field', async () => {
    const { dialog } = await openAdd();
    const first = within(dialog).getByRole('textbox', { name: 'Nama Company Group' });
    await waitFor(() => expect(first).toHaveFocus());
  });

  it('marks required fields and says "{field} is required" when one is left empty', async () => {
    const { user, dialog } = await openAdd();
    const name = within(dialog).getByRole('textbox', { name: 'Nama Company Group' });
    expect(name).toBeRequired();
    expect(within(dialog).getByRole('textbox', { name: 'No. Fax' })).toBeRequired();
    // The asterisk is part of the visible label.
    expect(name.closest('.MuiFormControl-root')?.querySelector('label')).toHaveTextContent(
      'Nama Company Group *',
    );
    expect(within(dialog).queryByText('Company Group is required')).not.toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
    await user.tab(); // leaves the empty name
    expect(await within(dialog).findByText('Company Group is required')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('takes at most 15 digits in a phone field', async () => {
    const { user, dialog } = await openAdd();
    const phone = within(dialog).getByRole('textbox', { name: 'No. Telpon' });
    await user.type(phone, '0812345678901234567');
    expect(phone).toHaveValue('081234567890123');
  });

  it('skips the read-only User ID when editing: it looks set and the focus starts on Username', async () => {
    const user = userEvent.setup();
    const row = {
      userId: 'sari@tagih.id',
      usloUserName: 'sari',
      userStatus: 1,
      userCreatedTime: null,
    };
    fakeMasterApi(usersConfig.resource, [row], { master_user: ['read', 'update'] });
    renderUi(<MasterScreen config={usersConfig} />);
    await screen.findByText('sari@tagih.id', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const userId = within(dialog).getByRole('textbox', { name: 'User ID' });
    expect(userId).toHaveAttribute('readonly');
    expect(userId).not.toBeRequired();
    expect(userId.closest('.MuiInputBase-root')).toHaveStyle({ cursor: 'default' });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Username' })).toHaveFocus(),
    );
    // An edit's password is optional: no marker.
    expect(within(dialog).getByLabelText('Password')).not.toBeRequired();
  });
});
