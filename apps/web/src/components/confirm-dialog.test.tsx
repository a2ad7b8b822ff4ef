import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render.tsx';
import { ConfirmDialog, DeleteConfirmDialog } from './confirm-dialog.tsx';

describe('ConfirmDialog', () => {
  it('asks, and answers with cancel or confirm', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    renderUi(
      <ConfirmDialog
        open
        title="Konfirmasi"
        text="Kirim inquiry untuk transaksi dengan order id INV-1?"
        cancelLabel="Batal"
        confirmLabel="Kirim"
        busyLabel="Mengirim.."
        onCancel={onCancel}
        onConfirm={onConfirm}
      />,
    );
    expect(
      screen.getByText('Kirim inquiry untuk transaksi dengan order id INV-1?'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveStyle({ width: '480px' });
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(onCancel).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(onConfirm).toHaveBeenCalled();
  });

  it('shows the busy label and blocks both buttons while busy', () => {
    renderUi(<DeleteConfirmDialog open busy onCancel={vi.fn()} onConfirm={vi.fn()} />);
    expect(screen.getByText('Data Deletion')).toBeInTheDocument();
    expect(screen.getByText('Are you sure you want to delete this data?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deleting..' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('offers Cancel and Continue for a deletion', () => {
    renderUi(<DeleteConfirmDialog open onCancel={vi.fn()} onConfirm={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});
