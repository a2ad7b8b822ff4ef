import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ColumnChooserDialog } from './column-chooser-dialog.tsx';

const COLUMNS = [
  { field: 'a', label: 'Alpha' },
  { field: 'b', label: 'Beta' },
  { field: 'c', label: 'Gamma' },
];

describe('Atur Kolom', () => {
  it('hides and reorders columns, and saves the shown ones in order', async () => {
    const onSave = vi.fn();
    render(
      <ColumnChooserDialog
        open
        columns={COLUMNS}
        chosen={null}
        saving={false}
        onSave={onSave}
        onClose={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Beta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Naikkan Gamma' }));
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(onSave).toHaveBeenCalledWith(['a', 'c']);
  });

  it('starts from the user’s choice (hidden ones last) and goes back to the default', async () => {
    const onSave = vi.fn();
    render(
      <ColumnChooserDialog
        open
        columns={COLUMNS}
        chosen={['c', 'a']}
        saving={false}
        onSave={onSave}
        onClose={() => {}}
      />,
    );
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual(
      [true, true, false],
    );
    expect(screen.getByRole('button', { name: 'Naikkan Gamma' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Default' }));
    expect(onSave).toHaveBeenCalledWith(null);
  });

  it('cannot save with no column shown', async () => {
    render(
      <ColumnChooserDialog
        open
        columns={COLUMNS}
        chosen={['a']}
        saving={false}
        onSave={() => {}}
        onClose={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alpha' }));
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeDisabled();
  });
});
