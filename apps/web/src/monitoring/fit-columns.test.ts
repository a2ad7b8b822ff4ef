import type { TableColumn } from '../components/table-column.ts';
import { describe, expect, it } from 'vitest';
import { layoutColumns } from './fit-columns.ts';

const col = (field: string, minWidth: number): TableColumn<unknown> => ({ field, minWidth });
const columns = [
  col('no', 60),
  col('order', 150),
  col('name', 120),
  col('amount', 140),
  col('status', 120),
];
const actions = col('actions', 170);
const fields = (list: TableColumn<unknown>[]) => list.map((c) => c.field);

describe('the columns a monitoring table shows', () => {
  it('shows every default column in the spec order, and always the actions last', () => {
    const priority = ['order', 'status', 'amount', 'name', 'no'];
    expect(fields(layoutColumns({ columns, actions, priority, chosen: null }))).toEqual([
      'no',
      'order',
      'name',
      'amount',
      'status',
      'actions',
    ]);
    // A field the default leaves out is not shown.
    expect(
      fields(layoutColumns({ columns, actions, priority: ['status', 'order'], chosen: null })),
    ).toEqual(['order', 'status', 'actions']);
  });

  it('shows every column the user has chosen, in their order, however many (width never drops one)', () => {
    const chosen = ['status', 'name', 'gone', 'order', 'amount', 'no'];
    expect(fields(layoutColumns({ columns, actions, priority: [], chosen }))).toEqual([
      'status',
      'name',
      'order',
      'amount',
      'no',
      'actions',
    ]);
  });
});
