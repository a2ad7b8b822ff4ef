import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clickTwiceAtOnce } from '../test/click-twice.ts';
import { ColumnChooserDialog } from './column-chooser-dialog.tsx';
import { SaveViewDialog } from './save-view-dialog.tsx';

const COLUMNS = [
  { field: 'a', label: 'Alpha' },
  { field: 'b', label: 'Beta' },
  { field: 'c', label: 'Gamma' },
];

/** The dialog open on `chosen` (null: the default layout). */
const renderChooser = (
  chosen: string[] | null,
  onSave: (columns: string[] | null) => void | Promise<unknown>,
) =>
  render(
    <ColumnChooserDialog
      open
      columns={COLUMNS}
      chosen={chosen}
      saving={false}
      onSave={onSave}
      onClose={() => {}}
    />,
  );

describe('Atur Kolom', () => {
  it('hides and reorders columns, and saves the shown ones in order', async () => {
    const onSave = vi.fn();
    renderChooser(null, onSave);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Beta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Naikkan Gamma' }));
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(onSave).toHaveBeenCalledWith(['a', 'c']);
  });

  it('starts from the user’s choice (hidden ones last) and goes back to the default', async () => {
    const onSave = vi.fn();
    renderChooser(['c', 'a'], onSave);
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual(
      [true, true, false],
    );
    expect(screen.getByRole('button', { name: 'Naikkan Gamma' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Default' }));
    expect(onSave).toHaveBeenCalledWith(null);
  });

  it('cannot save with no column shown', async () => {
    renderChooser(['a'], () => {});
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alpha' }));
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeDisabled();
  });

  it('Simpan clicked twice saves once; Simpan and Default wait for the save', () => {
    const onSave = vi.fn(() => new Promise<void>(() => {}));
    renderChooser(null, onSave);
    clickTwiceAtOnce(screen.getByRole('button', { name: 'Simpan' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Default' })).toBeDisabled();
  });
});

describe('Simpan Tampilan', () => {
  it('Simpan clicked twice saves the view once while the save runs', async () => {
    const onSave = vi.fn(() => new Promise<void>(() => {}));
    render(<SaveViewDialog open saving={false} onSave={onSave} onClose={() => {}} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Nama tampilan' }), 'Pagi ini');
    clickTwiceAtOnce(screen.getByRole('button', { name: 'Simpan' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('Pagi ini');
  });
});
