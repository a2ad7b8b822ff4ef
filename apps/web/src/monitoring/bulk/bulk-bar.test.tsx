import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BulkBar } from './bulk-bar.tsx';

const noop = () => {};
const bar = (props: { pickedCount: number | null; total: number; totalCapped?: boolean; canSelectAll: boolean }) =>
  render(<BulkBar {...props} actions={['inquiry']} onAction={noop} onSelectAll={noop} onClear={noop} />);

describe('the bulk bar says how many rows match', () => {
  it('an exact count as a number', () => {
    bar({ pickedCount: 10, total: 12345, canSelectAll: true });
    expect(screen.getByRole('button', { name: 'Pilih semua 12.345 yang cocok' })).toBeInTheDocument();
  });

  it('"lebih dari" where the server stopped counting (issue 10)', () => {
    const { unmount } = bar({ pickedCount: 10, total: 10000, totalCapped: true, canSelectAll: true });
    expect(screen.getByRole('button', { name: 'Pilih semua lebih dari 10.000 yang cocok' })).toBeInTheDocument();
    unmount();
    bar({ pickedCount: null, total: 10000, totalCapped: true, canSelectAll: false });
    expect(screen.getByText('Semua lebih dari 10.000 baris yang cocok dipilih')).toBeInTheDocument();
  });
});
