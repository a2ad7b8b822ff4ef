import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../test/fake-api.ts';
import { renderUi } from '../test/render.tsx';
import { FormDialog, type FormMode } from './form-dialog.tsx';

function NameForm({
  mode,
  onSubmit,
  onClose,
}: {
  mode: FormMode;
  onSubmit: () => void | Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  return (
    <FormDialog
      open
      mode={mode}
      entity="Company Group"
      onClose={onClose}
      onSubmit={onSubmit}
      canSave={name.length >= 3}
    >
      <input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('titles a new record and keeps Save disabled until the form is valid', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderUi(<NameForm mode="create" onSubmit={onSubmit} onClose={vi.fn()} />);
    expect(screen.getByText('Tambah Data Baru')).toBeInTheDocument();
    expect(screen.getByText('Menambahkan data Company Group baru.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.type(screen.getByLabelText('Name'), 'ab{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Name'), 'c');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('Name'), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('titles an edit and closes on Cancel', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderUi(<NameForm mode="edit" onSubmit={vi.fn()} onClose={onClose} />);
    expect(screen.getByText('Edit Data')).toBeInTheDocument();
    expect(screen.getByText('Mengedit data Company Group.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('uses the width it is given', () => {
    renderUi(
      <FormDialog
        open
        mode="create"
        entity="X"
        onClose={vi.fn()}
        onSubmit={vi.fn()}
        canSave
        width={600}
      >
        <span>field</span>
      </FormDialog>,
    );
    expect(screen.getByRole('dialog')).toHaveStyle({ width: '600px' });
  });

  it('Save clicked twice, or Enter then Save, saves once until the first save answers', async () => {
    const user = userEvent.setup();
    const saves = [deferred<void>(), deferred<void>()];
    let calls = 0;
    const onSubmit = vi.fn(() => saves[calls++]!.promise);
    renderUi(<NameForm mode="create" onSubmit={onSubmit} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), 'abc');
    const save = screen.getByRole('button', { name: 'Save' });
    act(() => {
      fireEvent.click(save);
      fireEvent.click(save);
    });
    await user.type(screen.getByLabelText('Name'), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(save).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await act(async () => saves[0]!.resolve());
    expect(save).toBeEnabled();
    // Answered: Save works again, and a double click is one save too.
    await user.dblClick(save);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});
