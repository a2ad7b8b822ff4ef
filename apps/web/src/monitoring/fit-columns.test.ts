import type { TableColumn } from '../components/table-column.ts';
import { describe, expect, it } from 'vitest';
import { layoutColumns } from './fit-columns.ts';

const col = (field: string, minWidth: number): TableColumn<unknown> => ({ field, minWidth });
const columns = [col('no', 60), col('order', 150), col('name', 120), col('amount', 140), col('status', 120)];
const actions = col('actions', 170);
const fields = (list: TableColumn<unknown>[]) => list.map((c) => c.field);
const priority = ['order', 'status', 'amount', 'name', 'no'];

describe('tables that fit', () => {
  it('keeps the most important columns that fit, in the spec order, and always the actions', () => {
    expect(fields(layoutColumns({ columns, actions, priority, chosen: null, width: 2000 }))).toEqual(['no', 'order', 'name', 'amount', 'status', 'actions']);
    // 600 - 18 - 170 = 412: order 150 + status 120 + amount 140 = 410
    expect(fields(layoutColumns({ columns, actions, priority, chosen: null, width: 600 }))).toEqual(['order', 'amount', 'status', 'actions']);
    expect(fields(layoutColumns({ columns, actions, priority, chosen: null, width: 300 }))).toEqual(['order', 'actions']);
    expect(fields(layoutColumns({ columns, actions, priority, chosen: null, width: 0 }))).toHaveLength(6);
  });

  it('shows a user’s chosen columns in their order, the last ones left off when they do not fit', () => {
    const chosen = ['status', 'name', 'gone', 'order'];
    expect(fields(layoutColumns({ columns, actions, priority, chosen, width: 2000 }))).toEqual(['status', 'name', 'order', 'actions']);
    expect(fields(layoutColumns({ columns, actions, priority, chosen, width: 450 }))).toEqual(['status', 'name', 'actions']);
  });
});
