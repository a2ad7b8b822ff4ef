import { DEFAULT_PAGE_SIZE } from '@tagih/contract';
import { useState } from 'react';
import type { ListSort } from '../api/get-list.ts';

/**
 * Page, page size and sort of a server-paged list. Any change of `query` (search, filters,
 * dates) or of the page size or sort goes back to page 1; paging itself keeps the rest.
 */
export function useListPaging(query: unknown) {
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<ListSort | null>(null);
  const order = sort ? { orderField: sort.field, orderValue: sort.direction } : {};
  const resetKey = JSON.stringify([query, order, pageSize]);
  const [paging, setPaging] = useState({ key: resetKey, page: 1 });
  const page = paging.key === resetKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: resetKey, page: next });
  return {
    page,
    setPage,
    pageSize,
    setPageSize,
    sort,
    setSort,
    /** orderField/orderValue for the list call; empty = the server's default order. */
    order,
    /** The DataTable's paging and sorting props, wired to this state. */
    tableProps: { page, pageSize, sort, onPageChange: setPage, onPageSizeChange: setPageSize, onSortChange: setSort },
  };
}
