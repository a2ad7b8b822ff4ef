import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { TRANSACTION_KINDS } from '@tagih/contract';
import { createElement, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { useTransactionListState } from './use-transaction-list-state.ts';

afterEach(() => vi.useRealTimers());

/** Renders the hook on a page of a memory router; `router` shows the URL it keeps. */
function renderState(kind = TRANSACTION_KINDS.va, path = '/list') {
  let router!: ReturnType<typeof createMemoryRouter>;
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/list', element: children }], {
      initialEntries: [path],
    });
    return createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(RouterProvider, { router }),
    );
  };
  const hook = renderHook(() => useTransactionListState(kind), { wrapper });
  return { ...hook, url: () => router.state.location.search, router };
}

describe('transaction list query', () => {
  it('asks for nothing while the date range is incomplete (spec §5)', () => {
    const { result } = renderState();
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
    const { result, url } = renderState(TRANSACTION_KINDS.qris);
    act(() => result.current.dates.onChange({ from: '2025-03-01', to: '2025-03-02' }));
    act(() => result.current.dates.onClear());
    expect(result.current.dates.value).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(url()).toBe('');
  });

  it('goes back to page 1 when the query changes, not when the page does', () => {
    const { result } = renderState();
    act(() => result.current.setPage(3));
    expect(result.current.params?.page).toBe(3);
    act(() => result.current.setFilter({ bank: 'BRI', status: '' }));
    expect(result.current.params?.page).toBe(1);
    act(() => result.current.setPage(2));
    act(() => result.current.setSort({ field: 'trctTotalAmount', direction: 'asc' }));
    expect(result.current.params).toMatchObject({
      page: 1,
      orderField: 'trctTotalAmount',
      orderValue: 'asc',
    });
  });

  it('keeps the list in the URL, and a URL gives the same list back', () => {
    const { result, url } = renderState();
    act(() => result.current.changeSearchField('trvaVirtualAccountName'));
    act(() => result.current.setSearchText('Budi'));
    act(() => result.current.setFilter({ bank: 'BRI', status: '00' }));
    act(() => result.current.dates.onChange({ from: '2025-03-01', to: '2025-03-31' }));
    act(() => result.current.setSort({ field: 'trctTotalAmount', direction: 'desc' }));
    act(() => result.current.setPageSize(50));
    act(() => result.current.setPage(2));
    const kept = url();
    expect(kept).toBe(
      '?by=trvaVirtualAccountName&q=Budi&from=2025-03-01&to=2025-03-31&bank=BRI&status=00&sort=-trctTotalAmount&page=2&size=50',
    );

    const pasted = renderState(TRANSACTION_KINDS.va, `/list${kept}`).result.current;
    expect(pasted.params).toEqual(result.current.params);
    expect(pasted.params).toMatchObject({
      page: 2,
      max: 50,
      orderField: 'trctTotalAmount',
      orderValue: 'desc',
      extra: { from: '2025-03-01', to: '2025-03-31' },
      finds: {
        trvaVirtualAccountName: 'Budi',
        trctBank: 'BRI',
        trctStatus: { op: 'equal', value: '00' },
      },
    });
    expect(pasted.searchField).toBe('trvaVirtualAccountName');
  });

  it('goes back and forward through the list states', async () => {
    const { result, router } = renderState();
    act(() => result.current.setFilter({ bank: '', status: '05' }));
    act(() => result.current.setPage(2));
    await act(() => router.navigate(-1));
    expect(result.current.params).toMatchObject({
      page: 1,
      finds: { trctStatus: { value: '05' } },
    });
    await act(() => router.navigate(-1));
    expect(result.current.filter).toEqual({ bank: '', status: '' });
    await act(() => router.navigate(1));
    expect(result.current.filter.status).toBe('05');
  });

  it('ignores what it cannot read in a pasted link', () => {
    const { result } = renderState(
      TRANSACTION_KINDS.va,
      '/list?by=nope&size=7&page=-2&sort=drop%20table&from=yesterday&to=2025-01-01',
    );
    expect(result.current.searchField).toBe('trctOrderId');
    expect(result.current.params).toBeNull(); // from unreadable: an incomplete range asks for nothing
    expect(result.current.pageSize).toBe(10);
    expect(result.current.page).toBe(1);
    expect(result.current.sort).toBeNull();
  });
});
