import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render.tsx';
import { DateRangeField, type DateRangeValue } from './date-range-field.tsx';
import { loadLazyParts } from '../test/lazy-parts.ts';

beforeAll(loadLazyParts, 60_000);

function Harness({
  initial,
  onChange,
}: {
  initial: DateRangeValue;
  onChange: (v: DateRangeValue) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DateRangeField
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

/** The day button of the shown month whose label mentions this day number. */
const dayButton = (day: number) =>
  screen
    .getAllByRole('button')
    .find((b) => b.closest('td[data-day]') && b.textContent === String(day))!;

describe('DateRangeField', () => {
  it('shows the placeholder and no clear button when empty', () => {
    renderUi(<Harness initial={{}} onChange={vi.fn()} />);
    expect(screen.getByPlaceholderText('Select Date Range')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear date range' })).not.toBeInTheDocument();
  });

  it('picks a new range with two clicks, in either order, as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<Harness initial={{ from: '2025-03-01', to: '2025-03-01' }} onChange={onChange} />);
    await user.click(screen.getByPlaceholderText('Select Date Range'));
    const calendar = await screen.findByRole('dialog');
    await within(calendar).findByRole('grid'); // the calendar's own chunk has loaded
    await user.click(dayButton(14));
    expect(onChange).not.toHaveBeenCalled(); // half a range is not a range
    await user.click(dayButton(10));
    expect(onChange).toHaveBeenCalledWith({ from: '2025-03-10', to: '2025-03-14' });
    expect(screen.getByPlaceholderText('Select Date Range')).toHaveValue('2025-03-10 - 2025-03-14');
  });

  it('clears the range', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<Harness initial={{ from: '2025-03-01', to: '2025-03-05' }} onChange={onChange} />);
    expect(screen.getByPlaceholderText('Select Date Range')).toHaveValue('2025-03-01 - 2025-03-05');
    await user.click(screen.getByRole('button', { name: 'Clear date range' }));
    expect(onChange).toHaveBeenCalledWith({});
    expect(screen.getByPlaceholderText('Select Date Range')).toHaveValue('');
  });

  it('lets the screen decide what clearing means', async () => {
    const user = userEvent.setup();
    const onClear = vi.fn();
    renderUi(
      <DateRangeField
        value={{ from: '2025-03-01', to: '2025-03-05' }}
        onChange={vi.fn()}
        onClear={onClear}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Clear date range' }));
    expect(onClear).toHaveBeenCalled();
  });
});
