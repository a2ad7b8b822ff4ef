import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render.tsx';
import { FilterDialog } from './filter-dialog.tsx';

function setup(isEmpty: boolean) {
  const handlers = { onClose: vi.fn(), onApply: vi.fn(), onClear: vi.fn() };
  renderUi(
    <FilterDialog open isEmpty={isEmpty} {...handlers}>
      <input aria-label="By City" />
    </FilterDialog>,
  );
  return handlers;
}

describe('FilterDialog', () => {
  it('disables CLEAR FILTER while the filter is empty', () => {
    setup(true);
    expect(screen.getByText('Filter Data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CLEAR FILTER' })).toBeDisabled();
    expect(screen.getByRole('dialog')).toHaveStyle({ width: '480px' });
  });

  it('clears, closes and applies', async () => {
    const user = userEvent.setup();
    const handlers = setup(false);
    await user.click(screen.getByRole('button', { name: 'CLEAR FILTER' }));
    expect(handlers.onClear).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(handlers.onClose).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Apply Filter' }));
    expect(handlers.onApply).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('By City'), 'Bandung{Enter}');
    expect(handlers.onApply).toHaveBeenCalledTimes(2);
  });
});
