import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook } from '@testing-library/react';
import { type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListController, type ListControllerConfig } from './use-list-controller.ts';

afterEach(() => vi.useRealTimers());

const DATED: ListControllerConfig = {
  listPath: '/dated',
  defaultFrom: 'today',
  searchBy: ['orderId', 'name'],
  filterKeys: ['bank', 'status'],
};
const PLAIN: ListControllerConfig = {
  listPath: '/plain',
  searchBy: [],
  filterKeys: ['userStatus'],
};

/** The controller on a page of a memory router; `url` is the query it keeps, `invalidated` the list paths reloaded. */
function renderController(config: ListControllerConfig, path = '/list') {
  const queryClient = new QueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey);
  });
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/list', element: children }], {
      initialEntries: [path],
    });
    return (
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    );
  };
  const hook = renderHook(() => useListController(config), { wrapper });
  return { ...hook, url: () => router.state.location.search, router, invalidated };
}

describe('the list controller: URL in', () => {
  it('reads every part of the view from a pasted link', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T03:00:00Z'));
    const { result } = renderController(
      DATED,
      '/list?by=name&q=Budi&from=2026-03-01&to=2026-03-09&bank=BRI&status=00&sort=-amount&page=3&size=50',
    );
    expect(result.current.state).toEqual({
      searchBy: 'name',
      q: 'Budi',
      from: '2026-03-01',
      to: '2026-03-09',
      filters: { bank: 'BRI', status: '00' },
      sort: { field: 'amount', direction: 'desc' },
      page: 3,
      pageSize: 50,
    });
    expect(result.current.order).toEqual({ orderField: 'amount', orderValue: 'desc' });
    expect(result.current.dates.range).toEqual({ from: '2026-03-01', to: '2026-03-09' });
    expect(result.current.tableProps).toMatchObject({
      page: 3,
      pageSize: 50,
      sort: { field: 'amount', direction: 'desc' },
    });
  });

  it('fills in the defaults for a plain link: today..today, page 1 of 10, the first search-by field', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-12-31T17:00:00Z')); // 1 January 2026 in Jakarta
    const { result } = renderController(DATED);
    expect(result.current.state).toMatchObject({
      searchBy: 'orderId',
      q: '',
      from: '2026-01-01',
      to: '2026-01-01',
      filters: {},
      sort: null,
      page: 1,
      pageSize: 10,
    });
    expect(result.current.order).toEqual({});
  });

  it('ignores what it cannot read, and what the list does not have (dates, unknown filters)', () => {
    const { result } = renderController(
      PLAIN,
      '/list?size=7&page=0&sort=a%20b&from=2026-01-01&to=2026-01-02&bank=BRI&userStatus=1',
    );
    expect(result.current.state).toMatchObject({
      pageSize: 10,
      page: 1,
      sort: null,
      filters: { userStatus: '1' },
    });
    expect(result.current.state.from).toBeUndefined();
    expect(result.current.dates.range).toBeNull();
  });
});

describe('the list controller: URL out', () => {
  it('writes only what differs from the defaults, in a fixed order', () => {
    const { result, url } = renderController(PLAIN);
    expect(url()).toBe('');
    act(() => result.current.setSearchText('rina'));
    act(() => result.current.setFilters({ userStatus: '1' }));
    act(() => result.current.setSort({ field: 'userName', direction: 'asc' }));
    act(() => result.current.setPageSize(30));
    act(() => result.current.setPage(2));
    expect(url()).toBe('?q=rina&userStatus=1&sort=userName&page=2&size=30');
    act(() => result.current.setFilters({ userStatus: '' }));
    act(() => result.current.setSort(null));
    expect(url()).toBe('?q=rina&size=30');
  });

  it('gives the same view back after Back and Forward; typing in the search replaces its history entry', async () => {
    const { result, router } = renderController(PLAIN);
    act(() => result.current.setSort({ field: 'userName', direction: 'desc' }));
    act(() => result.current.setSearchText('ri'));
    act(() => result.current.setSearchText('rina'));
    act(() => result.current.setPage(2));
    await act(() => router.navigate(-1));
    expect(result.current.state).toMatchObject({
      q: 'rina',
      page: 1,
      sort: { field: 'userName', direction: 'desc' },
    });
    await act(() => router.navigate(-1));
    expect(result.current.state).toMatchObject({
      q: '',
      page: 1,
      sort: { field: 'userName', direction: 'desc' },
    });
    await act(() => router.navigate(1));
    await act(() => router.navigate(1));
    expect(result.current.state).toMatchObject({ q: 'rina', page: 2 });
  });
});

describe('the list controller: reset rules', () => {
  it('goes back to page 1 on any change but paging', () => {
    const { result } = renderController(DATED);
    const changes: [string, () => void][] = [
      ['search', () => result.current.setSearchText('INV-1')],
      ['search-by', () => result.current.changeSearchField('name')],
      ['filter', () => result.current.setFilters({ bank: 'BNI' })],
      ['all filters', () => result.current.replaceFilters({ status: '05' })],
      ['dates', () => result.current.setDates({ from: '2026-01-01', to: '2026-01-05' })],
      ['cleared dates', () => result.current.clearDates()],
      ['sort', () => result.current.setSort({ field: 'amount', direction: 'asc' })],
      ['page size', () => result.current.setPageSize(100)],
    ];
    for (const [what, change] of changes) {
      act(() => result.current.setPage(4));
      expect(result.current.state.page, what).toBe(4);
      act(change);
      expect(result.current.state.page, what).toBe(1);
    }
  });

  it('clears the search text when the search-by field changes', () => {
    const { result } = renderController(DATED);
    act(() => result.current.setSearchText('INV-1'));
    act(() => result.current.changeSearchField('name'));
    expect(result.current.state).toMatchObject({ searchBy: 'name', q: '' });
  });

  it('Refresh clears search and filters, keeps range, sort and page size, and reloads the list', () => {
    const { result, url, invalidated } = renderController(
      DATED,
      '/list?q=INV&from=2026-01-01&to=2026-01-02&bank=BRI&status=00&sort=amount&page=2&size=30',
    );
    act(() => result.current.refresh());
    expect(url()).toBe('?from=2026-01-01&to=2026-01-02&sort=amount&size=30');
    expect(invalidated).toEqual([['list', '/dated']]);
  });

  it('Refresh also gives the search box a new key, so text typed but not searched yet is dropped', () => {
    const { result } = renderController(PLAIN, '/list?q=rina&page=3');
    const before = result.current.searchBoxKey;
    act(() => result.current.refresh());
    expect(result.current.searchBoxKey).not.toBe(before);
    expect(result.current.state).toMatchObject({ q: '', page: 1 });
  });

  it('gives each list its own search box key, so text typed on one screen is not searched on the next', () => {
    const { result: groups } = renderController(PLAIN);
    const { result: companies } = renderController({ ...PLAIN, listPath: '/companies' });
    expect(groups.current.searchBoxKey).not.toBe(companies.current.searchBoxKey);
  });

  it('drops a change asked for by the screen the operator has left (a search pausing as the menu is clicked)', async () => {
    const queryClient = new QueryClient();
    let fromFirst: ((q: string) => void) | null = null;
    function Screen() {
      const list = useListController(PLAIN);
      if (!fromFirst) fromFirst = list.setSearchText;
      return null;
    }
    const router = createMemoryRouter(
      [
        { path: '/groups', element: <Screen /> },
        { path: '/companies', element: <Screen /> },
      ],
      { initialEntries: ['/groups'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await act(() => router.navigate('/companies'));
    act(() => fromFirst!('PT Maju'));
    expect(router.state.location.pathname).toBe('/companies');
    expect(router.state.location.search).toBe('');
  });

  it('keeps the page when only the page changes', () => {
    const { result, url } = renderController(DATED, '/list?bank=BRI&page=2');
    act(() => result.current.setPage(5));
    expect(result.current.state).toMatchObject({ page: 5, filters: { bank: 'BRI' } });
    expect(url()).toBe('?bank=BRI&page=5');
  });
});
