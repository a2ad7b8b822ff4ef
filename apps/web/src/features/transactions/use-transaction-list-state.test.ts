import { act, renderHook } from '@testing-library/react';
import { TRANSACTION_KINDS } from '@tagih/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTransactionListState } from './use-transaction-list-state.ts';

afterEach(() => vi.useRealTimers());

describe('transaction list query', () => {
  it('asks for nothing while the date range is incomplete (spec §5)', () => {
    const { result } = renderHook(() => useTransactionListState(TRANSACTION_KINDS.va));
    expect(result.current.params).not.toBeNull();
    act(() => result.current.dates.onChange({ from: '2025-03-01' }));
    expect(result.current.params).toBeNull();
    expect(result.current.exportParams).toBeNull();
    act(() => result.current.dates.onChange({ to: '2025-03-01' }));
    expect(result.current.params).toBeNull();
    act(() => result.current.dates.onChange({ from: '2025-03-01', to: '2025-03-02' }));
    expect(result.current.params?.extra).toEqual({ from: '2025-03-01', to: '2025-03-02' });
  });

  it('clears back to today in Asia/Jakarta', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-12-31T17:00:00Z')); // 1 January 2026, 00:00 in Jakarta
    const { result } = renderHook(() => useTransactionListState(TRANSACTION_KINDS.qris));
    act(() => result.current.dates.onChange({ from: '2025-03-01', to: '2025-03-02' }));
    act(() => result.current.dates.onClear());
    expect(result.current.dates.value).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });

  it('goes back to page 1 when the query changes, not when the page does', () => {
    const { result } = renderHook(() => useTransactionListState(TRANSACTION_KINDS.va));
    act(() => result.current.setPage(3));
    expect(result.current.params?.page).toBe(3);
    act(() => result.current.setFilter({ bank: 'BRI', status: '' }));
    expect(result.current.params?.page).toBe(1);
    act(() => result.current.setPage(2));
    act(() => result.current.setSort({ field: 'trctTotalAmount', direction: 'asc' }));
    expect(result.current.params).toMatchObject({ page: 1, orderField: 'trctTotalAmount', orderValue: 'asc' });
  });
});
