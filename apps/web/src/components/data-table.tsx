import { MESSAGES } from '@tagih/contract';
import { memo, useMemo, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { ListSort } from '../api/get-list.ts';
import { CutText } from './cut-text.tsx';
import { CHECKBOX_COLUMN_PX, TABLE_ROW_HEIGHT } from './data-table-size.ts';
import './data-table.css';
import { EMPTY_CELL } from './empty-cell.ts';
import { PageCheckbox } from './page-checkbox.tsx';
import type { RowId, TableColumn } from './table-column.ts';
import { TablePager } from './table-pager.tsx';

export { EMPTY_CELL };
export type { RowId, TableColumn };

export interface DataTableProps<Row> {
  columns: readonly TableColumn<Row>[];
  /** The rows of the current page only (server mode). */
  rows: readonly Row[];
  /** Total rows on the server (pagination.totalData). */
  rowCount: number;
  /** More rows match than rowCount (pagination.totalCapped): the pager says "more than". */
  rowCountCapped?: boolean;
  getRowId: (row: Row) => RowId;
  loading?: boolean;
  /** 1-based, like the API. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** The screen usually goes back to page 1 too. */
  onPageSizeChange: (pageSize: number) => void;
  sort: ListSort | null;
  onSortChange: (sort: ListSort | null) => void;
  /** The order the server gives when `sort` is null (the resource's defaultOrder): its column shows the arrow. */
  defaultSort?: ListSort;
  /**
   * On phones (600 px or narrower) a row is a card when the table has more than three columns:
   * these fields first, in this order (the first is the card's title, shown whole), then the rest.
   * Default: the columns' own order.
   */
  cardOrder?: readonly string[];
  /** Accessible name of the table. */
  label?: string;
  /** A click on a row (or Enter on it) opens it; rows then show a pointer and take the focus. */
  onRowClick?: (row: Row) => void;
  /** Checkboxes to pick rows (bulk actions); picks on other pages are kept. */
  selection?: TableSelection;
}

export interface TableSelection {
  ids: ReadonlySet<RowId>;
  /** Every row that matches is picked: this page shows all its rows checked. */
  all: boolean;
  /** The ids now picked (a change while `all` is on picks just those). */
  onChange: (ids: RowId[]) => void;
}

const isBlank = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/**
 * Ascending, descending, then the server's own order again. A click on the column the server
 * orders by when none is asked for (`defaultSort`) turns that order round.
 */
function nextSort(sort: ListSort | null, field: string, defaultSort?: ListSort): ListSort | null {
  if (sort === null && defaultSort?.field === field)
    return { field, direction: defaultSort.direction === 'asc' ? 'desc' : 'asc' };
  if (sort?.field !== field) return { field, direction: 'asc' };
  return sort.direction === 'asc' ? { field, direction: 'desc' } : null;
}

const fixedWidthOf = <Row,>(column: TableColumn<Row>) => column.width ?? column.maxWidth;
const minWidthOf = <Row,>(column: TableColumn<Row>) =>
  fixedWidthOf(column) ?? column.minWidth ?? 100;

/**
 * The columns' widths: a column with a width keeps it (px); the others share what is left in
 * proportion to their least widths (percentages: the fixed table layout's own rule, no
 * measuring). The table is never narrower than all least widths together: it then scrolls
 * sideways, each column at its least width, the id and the actions staying in sight.
 */
function columnWidths<Row>(columns: readonly TableColumn<Row>[], checkboxes: boolean) {
  const flexible = columns.reduce(
    (sum, c) => sum + (fixedWidthOf(c) === undefined ? minWidthOf(c) : 0),
    0,
  );
  const widths = columns.map((column): string | number => {
    const fixed = fixedWidthOf(column);
    return fixed ?? `${((minWidthOf(column) / flexible) * 100).toFixed(3)}%`;
  });
  const least = columns.reduce(
    (sum, c) => sum + minWidthOf(c),
    checkboxes ? CHECKBOX_COLUMN_PX : 0,
  );
  return { widths, least };
}

const isActions = <Row,>(column: TableColumn<Row>) =>
  column.type === 'actions' || column.field === 'actions';

/** Where a column's cells stick: the row's actions, first or last, and the row's id stay in sight. */
function stickyClass<Row>(
  column: TableColumn<Row>,
  index: number,
  count: number,
): string | undefined {
  if (column.sticky === 'start') return 'data-table-sticky-start';
  if (!isActions(column)) return undefined;
  if (index === count - 1) return 'data-table-sticky-end';
  if (index === 0) return 'data-table-sticky-start';
  return undefined;
}

/** Rows become cards on phones when they have more than this many columns (besides the actions). */
const CARD_AFTER_COLUMNS = 3;

/** Each column's place on a phone's card (CSS order), and which column is the card's title. */
function cardLayout<Row>(
  columns: readonly TableColumn<Row>[],
  cardOrder: readonly string[] | undefined,
) {
  const fields = columns.filter((c) => !isActions(c)).map((c) => c.field);
  const first = (cardOrder ?? []).filter((field) => fields.includes(field));
  const order = [...first, ...fields.filter((field) => !first.includes(field))];
  return { title: order[0], place: new Map(order.map((field, index) => [field, index + 1])) };
}

function cellContent<Row>(column: TableColumn<Row>, row: Row): ReactNode {
  const own = (row as Record<string, unknown>)[column.field];
  const value = column.valueGetter ? column.valueGetter(own as never, row) : own;
  const formattedValue = column.valueFormatter ? column.valueFormatter(value as never, row) : value;
  if (column.renderCell) return column.renderCell({ value, formattedValue, row });
  return isBlank(formattedValue) ? (
    EMPTY_CELL
  ) : (
    <CutText text={String(formattedValue)} wrap={column.wrap} />
  );
}

function SortIcon() {
  return (
    <svg className="data-table-sort-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="m4 12 1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8z" />
    </svg>
  );
}

interface HeaderProps<Row> {
  columns: readonly TableColumn<Row>[];
  sort: ListSort | null;
  defaultSort: ListSort | undefined;
  onSortChange: (sort: ListSort | null) => void;
  checkbox: ReactNode;
}

function TableHeader<Row>({
  columns,
  sort,
  defaultSort,
  onSortChange,
  checkbox,
}: HeaderProps<Row>) {
  const shownSort = sort ?? defaultSort ?? null;
  return (
    <thead>
      <tr>
        {checkbox !== null && (
          <th scope="col" className="data-table-checkbox">
            {checkbox}
          </th>
        )}
        {columns.map((column, index) => {
          const title = column.headerName ?? column.field;
          const sorted = shownSort?.field === column.field ? shownSort.direction : undefined;
          const classes = [
            stickyClass(column, index, columns.length),
            column.headerAlign === 'center' ? 'data-table-center' : undefined,
          ];
          return (
            <th
              key={column.field}
              scope="col"
              data-field={column.field}
              data-sortable={column.sortable || undefined}
              className={classes.filter(Boolean).join(' ') || undefined}
              aria-sort={
                sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
              }
            >
              {column.sortable ? (
                <button
                  type="button"
                  className="data-table-sort"
                  onClick={() => onSortChange(nextSort(sort, column.field, defaultSort))}
                >
                  <span>{title}</span>
                  <SortIcon />
                </button>
              ) : (
                title
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

interface RowProps<Row> {
  row: Row;
  id: RowId;
  columns: readonly TableColumn<Row>[];
  cards: CardLayout;
  /** Undefined without checkboxes. */
  picked: boolean | undefined;
  onPick: (id: RowId, picked: boolean) => void;
  onRowClick?: (row: Row) => void;
}

/** Clicks on the row's own controls (checkbox, buttons, links) are theirs, not the row's. */
const isOwnControl = (target: EventTarget) =>
  (target as HTMLElement).closest('button, a, input, label') !== null;

type CardLayout = ReturnType<typeof cardLayout>;

function cellClass<Row>(
  column: TableColumn<Row>,
  index: number,
  count: number,
  cards: CardLayout,
): string | undefined {
  const classes = [
    stickyClass(column, index, count),
    isActions(column) ? 'data-table-actions' : undefined,
    column.field === cards.title ? 'data-table-card-title' : undefined,
  ];
  return classes.filter(Boolean).join(' ') || undefined;
}

function TableRowView<Row>({ row, id, columns, cards, picked, onPick, onRowClick }: RowProps<Row>) {
  const open = onRowClick
    ? {
        tabIndex: 0,
        onClick: (event: MouseEvent<HTMLTableRowElement>) => {
          if (!isOwnControl(event.target)) onRowClick(row);
        },
        onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
          if (event.target === event.currentTarget && event.key === 'Enter') onRowClick(row);
        },
      }
    : {};
  return (
    <tr data-id={id} data-selected={picked || undefined} {...open}>
      {picked !== undefined && (
        <td className="data-table-checkbox">
          <input
            type="checkbox"
            className="data-table-check"
            aria-label="Select row"
            checked={picked}
            onChange={(event) => onPick(id, event.target.checked)}
          />
        </td>
      )}
      {columns.map((column, index) => (
        <td
          key={column.field}
          data-field={column.field}
          // The card's label on phones (data-table.css); the header names it on wider screens.
          data-label={column.headerName ?? column.field}
          className={cellClass(column, index, columns.length, cards)}
          style={
            cards.place.has(column.field) ? { order: cards.place.get(column.field) } : undefined
          }
        >
          {cellContent(column, row)}
        </td>
      ))}
    </tr>
  );
}

// A row re-renders only when its own data, columns or pick change (not on the screen's other renders).
const TableRow = memo(TableRowView) as typeof TableRowView;

/**
 * A server-paged, server-sorted table: a plain <table> (column headers with aria-sort, the
 * sort as buttons, rows with checkboxes for bulk actions) and the pager below it. The screen
 * owns page, page size and sort.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowCount,
  rowCountCapped = false,
  getRowId,
  loading = false,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  sort,
  onSortChange,
  defaultSort,
  cardOrder,
  label = 'Data table',
  onRowClick,
  selection,
}: DataTableProps<Row>) {
  const { widths, least } = useMemo(
    () => columnWidths(columns, selection !== undefined),
    [columns, selection],
  );
  const cards = useMemo(() => cardLayout(columns, cardOrder), [columns, cardOrder]);
  const asCards = columns.filter((c) => !isActions(c)).length > CARD_AFTER_COLUMNS;
  const classes = [
    'data-table',
    onRowClick ? 'data-table-clickable' : undefined,
    selection ? 'data-table-picking' : undefined,
    asCards ? 'data-table-cards' : undefined,
  ];
  const pageIds = useMemo(() => rows.map(getRowId), [rows, getRowId]);
  const ids = selection?.ids;
  const all = selection?.all ?? false;
  const onPicksChange = selection?.onChange;
  const onPick = useMemo(
    () => (id: RowId, picked: boolean) => {
      const before = all ? pageIds : [...(ids ?? [])];
      onPicksChange?.(
        picked
          ? [...before.filter((other) => other !== id), id]
          : before.filter((other) => other !== id),
      );
    },
    [all, pageIds, ids, onPicksChange],
  );
  const waitingForFirstPage = loading && rows.length === 0;

  return (
    <div className={classes.filter(Boolean).join(' ')} aria-busy={loading || undefined}>
      {loading && <div className="data-table-progress" role="progressbar" aria-label="Loading" />}
      <div className="data-table-scroll">
        <table aria-label={label} style={{ minWidth: least }}>
          <colgroup>
            {selection && <col style={{ width: CHECKBOX_COLUMN_PX }} />}
            {widths.map((width, index) => (
              <col key={columns[index]!.field} style={{ width }} />
            ))}
          </colgroup>
          <TableHeader
            columns={columns}
            sort={sort}
            defaultSort={defaultSort}
            onSortChange={onSortChange}
            checkbox={
              selection ? (
                <PageCheckbox
                  pageIds={pageIds}
                  picked={selection.ids}
                  all={all}
                  onChange={selection.onChange}
                />
              ) : null
            }
          />
          <tbody>
            {rows.map((row, index) => {
              const id = pageIds[index]!;
              return (
                <TableRow<Row>
                  key={id}
                  row={row}
                  id={id}
                  columns={columns}
                  cards={cards}
                  picked={selection ? all || selection.ids.has(id) : undefined}
                  onPick={onPick}
                  onRowClick={onRowClick}
                />
              );
            })}
          </tbody>
        </table>
        {rows.length === 0 && (
          // While the first page loads, the room of a whole page is kept (no shift when it arrives).
          <div
            className="data-table-message"
            style={waitingForFirstPage ? { height: pageSize * TABLE_ROW_HEIGHT } : undefined}
          >
            {waitingForFirstPage ? null : MESSAGES.noData}
          </div>
        )}
      </div>
      <div className="data-table-pager">
        <TablePager
          page={page}
          pageSize={pageSize}
          rowCount={rowCount}
          rowCountCapped={rowCountCapped}
          onPageChange={onPageChange}
          onPageSizeChange={onPageSizeChange}
          disabled={loading}
          countPending={waitingForFirstPage}
        />
      </div>
    </div>
  );
}
