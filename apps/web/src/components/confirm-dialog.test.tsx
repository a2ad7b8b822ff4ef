import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../test/fake-api.ts';
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

  it('confirmed twice in the same tick, runs once and shows the busy label until its answer', async () => {
    const answer = deferred<void>();
    const onConfirm = vi.fn(() => answer.promise);
    renderUi(
      <ConfirmDialog
        open
        title="Konfirmasi"
        text="Kirim?"
        cancelLabel="Batal"
        confirmLabel="Kirim"
        busyLabel="Mengirim.."
        onCancel={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'Kirim' });
    act(() => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Mengirim..' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Batal' })).toBeDisabled();
    await act(async () => answer.resolve());
    expect(await screen.findByRole('button', { name: 'Kirim' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('a double click with an action that returns nothing but sets busy (the older callers) runs once', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    function Older() {
      const [busy, setBusy] = useState(false);
      const [open, setOpen] = useState(true);
      return (
        <ConfirmDialog
          open={open}
          title="Konfirmasi"
          text="Kirim?"
          busy={busy}
          onCancel={() => setOpen(false)}
          onConfirm={() => {
            calls.push('sent');
            setTimeout(() => setBusy(true), 0);
            setTimeout(() => setBusy(false), 300);
          }}
        />
      );
    }
    renderUi(<Older />);
    await user.dblClick(screen.getByRole('button', { name: 'Continue' }));
    expect(calls).toEqual(['sent']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(calls).toEqual(['sent', 'sent']);
  });

  it('an action that returns nothing and never sets busy can be confirmed again later', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderUi(<ConfirmDialog open title="T" text="?" onCancel={vi.fn()} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});
