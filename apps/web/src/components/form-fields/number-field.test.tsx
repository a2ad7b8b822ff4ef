import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberField, type NumberFieldProps } from './number-field.tsx';
import { commitNumber, sanitizeNumberText } from './number-value.ts';

function Harness({
  initial,
  onChange,
  ...rules
}: Partial<NumberFieldProps> & { initial: number | ''; onChange: (v: number | '') => void }) {
  const [value, setValue] = useState<number | ''>(initial);
  return (
    <NumberField
      label="Qty"
      {...rules}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

const input = () => screen.getByRole('textbox', { name: 'Qty' });

describe('number rules', () => {
  it('keeps numeric characters only and the allowed decimals', () => {
    expect(sanitizeNumberText('1a2b3')).toBe('123');
    expect(sanitizeNumberText('12.345')).toBe('12');
    expect(sanitizeNumberText('12.345', { precision: 2 })).toBe('12.34');
    expect(sanitizeNumberText('-5', { min: 0 })).toBe('5');
    expect(sanitizeNumberText('-5')).toBe('-5');
  });

  it('clamps and rounds what is committed', () => {
    expect(commitNumber('150', { min: 1, max: 100 })).toBe(100);
    expect(commitNumber('0', { min: 1, max: 100 })).toBe(1);
    expect(commitNumber('2.456', { precision: 1 })).toBe(2.4);
    expect(commitNumber('')).toBe('');
  });
});

describe('NumberField', () => {
  it('drops letters, clamps above max at once and below min on blur', () => {
    const onChange = vi.fn();
    render(<Harness initial="" onChange={onChange} min={5} max={100} />);
    fireEvent.change(input(), { target: { value: '4x2' } });
    expect(input()).toHaveValue('42');
    expect(onChange).toHaveBeenLastCalledWith(42);
    fireEvent.change(input(), { target: { value: '420' } });
    expect(input()).toHaveValue('100');
    expect(onChange).toHaveBeenLastCalledWith(100);
    fireEvent.change(input(), { target: { value: '3' } });
    fireEvent.blur(input());
    expect(input()).toHaveValue('5');
    expect(onChange).toHaveBeenLastCalledWith(5);
  });

  it('limits decimals to its precision', () => {
    const onChange = vi.fn();
    render(<Harness initial="" onChange={onChange} precision={2} />);
    fireEvent.change(input(), { target: { value: '3.14159' } });
    expect(input()).toHaveValue('3.14');
    expect(onChange).toHaveBeenLastCalledWith(3.14);
  });

  it('steps by 1 and repeats while + is held: after 500 ms, every 50 ms', () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      render(<Harness initial={10} onChange={onChange} max={30} />);
      const plus = screen.getByRole('button', { name: 'Increase Qty' });
      fireEvent.pointerDown(plus);
      expect(input()).toHaveValue('11');
      act(() => vi.advanceTimersByTime(499));
      expect(input()).toHaveValue('11');
      act(() => vi.advanceTimersByTime(1 + 50));
      expect(input()).toHaveValue('12');
      act(() => vi.advanceTimersByTime(150));
      expect(input()).toHaveValue('15');
      fireEvent.pointerUp(plus);
      act(() => vi.advanceTimersByTime(1000));
      expect(input()).toHaveValue('15');
      // Held long enough to pass max: it stops at max.
      fireEvent.pointerDown(plus);
      act(() => vi.advanceTimersByTime(5000));
      fireEvent.pointerUp(plus);
      expect(input()).toHaveValue('30');
      fireEvent.pointerDown(screen.getByRole('button', { name: 'Decrease Qty' }));
      fireEvent.pointerLeave(screen.getByRole('button', { name: 'Decrease Qty' }));
      act(() => vi.advanceTimersByTime(1000));
      expect(input()).toHaveValue('29');
    } finally {
      vi.useRealTimers();
    }
  });
});
