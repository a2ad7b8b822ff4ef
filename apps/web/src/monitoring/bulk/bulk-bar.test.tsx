import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BULK_MAX_IDS } from '@tagih/contract';
import { describe, expect, it, vi } from 'vitest';
import { BulkBar } from './bulk-bar.tsx';

const noop = () => {};
const bar = (props: {
  pickedCount: number | null;
  total: number;
  totalCapped?: boolean;
  canSelectAll: boolean;
}) =>
  render(
    <BulkBar {...props} actions={['inquiry']} onAction={noop} onSelectAll={noop} onClear={noop} />,
  );

describe('the bulk bar says how many rows match', () => {
  it('an exact count as a number', () => {
    bar({ pickedCount: 10, total: 12345, canSelectAll: true });
    expect(
      screen.getByRole('button', { name: 'Pilih semua 12.345 yang cocok' }),
    ).toBeInTheDocument();
  });

  it('"lebih dari" where the server stopped counting', () => {
    const { unmount } = bar({
      pickedCount: 10,
      total: 10000,
      totalCapped: true,
      canSelectAll: true,
    });
    expect(
      screen.getByRole('button', { name: 'Pilih semua lebih dari 10.000 yang cocok' }),
    ).toBeInTheDocument();
    unmount();
    bar({ pickedCount: null, total: 10000, totalCapped: true, canSelectAll: false });
    expect(
      screen.getByText('Semua lebih dari 10.000 baris yang cocok dipilih'),
    ).toBeInTheDocument();
  });
});

describe("the bulk bar's actions", () => {
  const withActions = (pickedCount: number | null, onAction = vi.fn()) => {
    render(
      <BulkBar
        pickedCount={pickedCount}
        total={5000}
        canSelectAll={false}
        actions={['inquiry', 'resend']}
        onAction={onAction}
        onSelectAll={noop}
        onClear={noop}
      />,
    );
    return onAction;
  };

  it("offers the screen's actions in their bulk words and says which one was pressed", async () => {
    const onAction = withActions(3);
    await userEvent.click(screen.getByRole('button', { name: 'Kirim ulang notifikasi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Inquiry' }));
    expect(onAction.mock.calls).toEqual([['resend'], ['inquiry']]);
  });

  it('are off past the most ids one selection may name, and on for "all that match"', () => {
    withActions(BULK_MAX_IDS + 1);
    expect(screen.getByRole('button', { name: 'Inquiry' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Kirim ulang notifikasi' })).toBeDisabled();
    cleanup();
    withActions(null);
    expect(screen.getByRole('button', { name: 'Inquiry' })).toBeEnabled();
  });
});
