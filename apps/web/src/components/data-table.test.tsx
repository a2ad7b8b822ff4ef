import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ListSort } from '../api/get-list.ts';
import { renderUi } from '../test/render.tsx';
import { DataTable, type DataTableProps } from './data-table.tsx';
import type { TableColumn } from './table-column.ts';

interface Row {
  id: number;
  name: string;
  city: string | null;
}

const columns: TableColumn<Row>[] = [
  { field: 'name', headerName: 'Name', width: 160, sortable: true },
  { field: 'city', headerName: 'City', width: 160 },
];

function baseProps(overrides: Partial<DataTableProps<Row>> = {}): DataTableProps<Row> {
  return {
    columns,
    rows: [
      { id: 1, name: 'Alpha', city: 'Bandung' },
      { id: 2, name: 'Beta', city: null },
    ],
    rowCount: 25,
    getRowId: (row) => row.id,
    page: 2,
    pageSize: 10,
    onPageChange: vi.fn(),
    onPageSizeChange: vi.fn(),
    sort: null,
    onSortChange: vi.fn(),
    ...overrides,
  };
}

function setup(overrides: Partial<DataTableProps<Row>> = {}) {
  const props = baseProps(overrides);
  renderUi(<DataTable {...props} />);
  return props;
}

/** The table as a screen holds it: the sort it asks for comes back to it. */
function SortedTable({ onSortChange }: { onSortChange: (sort: ListSort | null) => void }) {
  const [sort, setSort] = useState<ListSort | null>(null);
  const change = (next: ListSort | null) => {
    onSortChange(next);
    setSort(next);
  };
  return <DataTable {...baseProps({ sort, onSortChange: change })} />;
}

describe('DataTable', () => {
  it('picks rows with checkboxes, keeps the picks of other pages, and a tick does not open the row', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onRowClick = vi.fn();
    setup({ selection: { ids: new Set([7]), all: false, onChange }, onRowClick });
    const alpha = (await screen.findByText('Alpha')).closest('tr')!;
    await user.click(within(alpha).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith([7, 1]);
    expect(onRowClick).not.toHaveBeenCalled();
    await user.click(screen.getByText('Beta'));
    expect(onRowClick).toHaveBeenCalledWith({ id: 2, name: 'Beta', city: null });
  });

  it('the header picks and un-picks the page, keeps other pages\' picks, and says "some" without aria-checked', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    setup({ selection: { ids: new Set([7, 1]), all: false, onChange } });
    await screen.findByText('Alpha');
    const header = screen.getByRole('checkbox', { name: 'Select all rows' });
    // One of the two rows of this page is picked: "some", as the input's own state (axe: aria-conditional-attr).
    expect(header).not.toHaveAttribute('aria-checked');
    expect((header as HTMLInputElement).indeterminate).toBe(true);
    await user.click(header);
    expect(onChange).toHaveBeenLastCalledWith([7, 1, 2]);
  });

  it("un-picking the page from the header keeps the other pages' picks", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    setup({ selection: { ids: new Set([7, 1, 2]), all: false, onChange } });
    await screen.findByText('Alpha');
    const header = screen.getByRole('checkbox', { name: 'Select all rows' });
    expect(header).toBeChecked();
    await user.click(header);
    expect(onChange).toHaveBeenLastCalledWith([7]);
  });

  it('shows every row of the page ticked when all that match are picked', async () => {
    setup({ selection: { ids: new Set(), all: true, onChange: vi.fn() } });
    for (const name of ['Alpha', 'Beta']) {
      const row = (await screen.findByText(name)).closest('tr')!;
      expect(within(row).getByRole('checkbox')).toBeChecked();
    }
  });

  it('shows the page rows, N/A for empty cells and the entries text', async () => {
    setup();
    expect(await screen.findByText('Alpha')).toBeInTheDocument();
    expect(screen.getByText('Bandung')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByText('Showing 11 to 20 of 25 entries')).toBeInTheDocument();
  });

  it('gives every text cell its whole text as a hover title (a cut cell can still be read)', async () => {
    const long =
      'PT Sumber Makmur Sejahtera Abadi Nusantara Raya Tbk, Jl. Jenderal Sudirman Kav. 52-53';
    setup({ rows: [{ id: 1, name: long, city: 'Bandung' }] });
    expect(await screen.findByText(long)).toHaveAttribute('title', long);
    expect(screen.getByText('Bandung')).toHaveAttribute('title', 'Bandung');
  });

  it('says No data available when there are no rows', async () => {
    setup({ rows: [], rowCount: 0, page: 1 });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('asks for other pages with First, Prev, Next, Last and page numbers', async () => {
    const user = userEvent.setup();
    const props = setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(props.onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(props.onPageChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(props.onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(props.onPageChange).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(props.onPageChange).toHaveBeenLastCalledWith(3);
  });

  it('disables Next and Last on the last page', () => {
    setup({ page: 3 });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByText('Showing 21 to 25 of 25 entries')).toBeInTheDocument();
  });

  it('offers page sizes 10, 20, 30, 50 and 100', async () => {
    const user = userEvent.setup();
    const props = setup();
    await user.click(screen.getByRole('combobox'));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['10', '20', '30', '50', '100']);
    await user.click(screen.getByRole('option', { name: '50' }));
    expect(props.onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('asks the server to sort when a header is clicked', async () => {
    const user = userEvent.setup();
    const props = setup();
    await user.click(await screen.findByText('Name'));
    expect(props.onSortChange).toHaveBeenCalledWith({ field: 'name', direction: 'asc' });
  });

  it("cycles a header through ascending, descending and the server's order, and says which with aria-sort", async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderUi(<SortedTable onSortChange={onSortChange} />);
    const header = () => screen.getByRole('columnheader', { name: 'Name' });
    expect(header()).not.toHaveAttribute('aria-sort');
    await user.click(within(header()).getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'name', direction: 'asc' });
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'name', direction: 'desc' });
    expect(header()).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith(null);
    expect(header()).not.toHaveAttribute('aria-sort');
    // A column the server cannot sort by has no sort button.
    expect(
      within(screen.getByRole('columnheader', { name: 'City' })).queryByRole('button'),
    ).toBeNull();
  });

  it('is a labelled table with column headers scoped to their columns', () => {
    setup({ label: 'Cities', selection: { ids: new Set(), all: false, onChange: vi.fn() } });
    const table = screen.getByRole('table', { name: 'Cities' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['', 'Name', 'City']);
    for (const header of headers) expect(header).toHaveAttribute('scope', 'col');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('checkbox', { name: 'Select row' })).toHaveLength(2);
  });

  it('opens a row with Enter from the keyboard, as with a click', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    setup({ onRowClick });
    const beta = screen.getByText('Beta').closest('tr')!;
    beta.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith({ id: 2, name: 'Beta', city: null });
  });

  it('keeps the room of a whole page while the first page loads, and says it is busy', () => {
    const { container } = renderUi(
      <DataTable {...baseProps({ rows: [], rowCount: 0, loading: true })} />,
    );
    expect(screen.queryByText('No data available')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(container.querySelector('tbody tr')).toBeNull();
    expect(container.querySelector<HTMLElement>('.data-table-message')!.style.height).toBe('520px');
  });

  it('keeps the row actions in sight, and formats or reads values through the column', () => {
    const withActions: TableColumn<Row>[] = [
      { field: 'name', headerName: 'Name', valueFormatter: (value: string) => value.toUpperCase() },
      {
        field: 'city',
        headerName: 'Where',
        valueGetter: (_value: unknown, row: Row) => `${row.name} @ ${row.city ?? '?'}`,
      },
      {
        field: 'actions',
        headerName: 'Actions',
        type: 'actions',
        width: 100,
        renderCell: ({ row }) => <button>Open {row.name}</button>,
      },
    ];
    setup({ columns: withActions });
    expect(screen.getByText('ALPHA')).toBeInTheDocument();
    expect(screen.getByText('Alpha @ Bandung')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Beta' }).closest('td')).toHaveClass(
      'data-table-sticky-end',
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveClass(
      'data-table-sticky-end',
    );
  });

  it('shows the header ticked under "all that match"; un-ticking it picks nothing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    setup({ selection: { ids: new Set(), all: true, onChange } });
    const header = screen.getByRole('checkbox', { name: 'Select all rows' });
    expect(header).toBeChecked();
    await user.click(header);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('sorts from the keyboard: the sort buttons are reached with Tab and pressed with Enter', async () => {
    const user = userEvent.setup();
    const props = setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(props.onSortChange).toHaveBeenCalledWith({ field: 'name', direction: 'asc' });
  });

  it('marks the sorted column with aria-sort from the sort it is given (a restored view)', () => {
    setup({ sort: { field: 'name', direction: 'desc' } });
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: 'City' })).not.toHaveAttribute('aria-sort');
  });

  it('un-picks one row of "all that match": the rest of the page stays picked', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    setup({ selection: { ids: new Set(), all: true, onChange } });
    const alpha = screen.getByText('Alpha').closest('tr')!;
    await user.click(within(alpha).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith([2]);
  });

  it('shows the arrow and aria-sort on the column the server orders by when no sort is chosen; a click turns it round', async () => {
    const user = userEvent.setup();
    const props = setup({ defaultSort: { field: 'name', direction: 'desc' } });
    const header = screen.getByRole('columnheader', { name: 'Name' });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'City' })).not.toHaveAttribute('aria-sort');
    await user.click(within(header).getByRole('button', { name: 'Name' }));
    expect(props.onSortChange).toHaveBeenCalledWith({ field: 'name', direction: 'asc' });
  });

  it('a chosen sort wins over the default one', () => {
    setup({
      defaultSort: { field: 'name', direction: 'desc' },
      sort: { field: 'city', direction: 'asc' },
      columns: [columns[0]!, { ...columns[1]!, sortable: true }],
    });
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('columnheader', { name: 'City' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('never leaves a column out: the ones without a width share the room in proportion to their least widths, the table scrolls below their sum', () => {
    const wide: TableColumn<Row>[] = [
      { field: 'id', headerName: 'Id', minWidth: 150, sticky: 'start' },
      { field: 'name', headerName: 'Name', minWidth: 300 },
      { field: 'city', headerName: 'City', minWidth: 150 },
      { field: 'actions', headerName: 'Actions', type: 'actions', width: 100 },
    ];
    const { container } = renderUi(
      <DataTable
        {...baseProps({
          columns: wide,
          selection: { ids: new Set(), all: false, onChange: vi.fn() },
        })}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '',
      'Id',
      'Name',
      'City',
      'Actions',
    ]);
    const widths = [...container.querySelectorAll('col')].map((col) => col.style.width);
    expect(widths).toEqual(['50px', '25%', '50%', '25%', '100px']);
    expect(container.querySelector('table')!.style.minWidth).toBe('750px');
    // The id and the actions stay in sight when it scrolls sideways.
    expect(screen.getByRole('columnheader', { name: 'Id' })).toHaveClass('data-table-sticky-start');
    expect(screen.getByText('Alpha').closest('tr')!.querySelector('[data-field="id"]')).toHaveClass(
      'data-table-sticky-start',
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveClass(
      'data-table-sticky-end',
    );
  });

  it('lays a row of more than three columns out as a card on phones: labelled cells in the order given, the first the title', () => {
    const four: TableColumn<Row>[] = [
      { field: 'id', headerName: 'Id' },
      { field: 'name', headerName: 'Name' },
      { field: 'city', headerName: 'City' },
      { field: 'more', headerName: 'More' },
      {
        field: 'actions',
        headerName: 'Actions',
        type: 'actions',
        width: 100,
        renderCell: () => <button>Go</button>,
      },
    ];
    const { container } = renderUi(
      <DataTable {...baseProps({ columns: four, cardOrder: ['name', 'city'] })} />,
    );
    expect(container.querySelector('.data-table')).toHaveClass('data-table-cards');
    const cells = [...screen.getByText('Alpha').closest('tr')!.querySelectorAll('td')];
    expect(cells.map((td) => [td.dataset.field, td.dataset.label, td.style.order])).toEqual([
      ['id', 'Id', '3'],
      ['name', 'Name', '1'],
      ['city', 'City', '2'],
      ['more', 'More', '4'],
      ['actions', 'Actions', ''],
    ]);
    expect(cells[1]).toHaveClass('data-table-card-title');
    expect(cells[4]).toHaveClass('data-table-actions');
  });

  it('keeps a table of three columns a table on phones', () => {
    const { container } = renderUi(<DataTable {...baseProps()} />);
    expect(container.querySelector('.data-table')).not.toHaveClass('data-table-cards');
  });
});
