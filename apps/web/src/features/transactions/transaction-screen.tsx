import Stack from '@mui/material/Stack';
import { BULK_ACTIONS_OF, can, MESSAGES, type TransactionKindDef } from '@tagih/contract';
import { useMemo } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useExportTransactions, type ExportFileFormat } from '../../api/export-transactions.ts';
import { useAccess } from '../../api/get-status.ts';
import { useTransactions } from '../../api/get-transactions.ts';
import { DataTable } from '../../components/data-table.tsx';
import { NewRowsButton } from '../../components/new-rows-button.tsx';
import { notify } from '../../components/notify.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useFreshDialog } from '../../hooks/use-fresh-dialog.ts';
import { SummaryCard } from '../../components/summary-card.tsx';
import { useOpenTransactionDetail } from './detail/use-open-detail.ts';
import { useActionDialog } from '../../monitoring/actions/action-dialog.tsx';
import { PreferenceButtons, SavedViewsBar } from '../../monitoring/table-preferences.tsx';
import { listQueryRecord, selectionScope } from '../../monitoring/bulk/list-query-record.ts';
import { useBulkActions } from '../../monitoring/bulk/use-bulk-actions.tsx';
import { useChosenColumns } from '../../monitoring/use-preferences.ts';
import { useTableLayout } from '../../monitoring/use-table-layout.ts';
import {
  TRANSACTION_CARD_ORDER,
  TRANSACTION_PRIORITY,
  transactionColumns,
  type TransactionRow,
} from './transaction-columns.tsx';
import { SearchScopeNote } from './search-scope-note.tsx';
import { TransactionFilterDialog } from './transaction-filter-dialog.tsx';
import { notCountedNote, transactionSummaryItems } from './transaction-summary.ts';
import { TransactionToolbar } from './transaction-toolbar.tsx';
import { useTransactionListState } from './use-transaction-list-state.ts';

export interface TransactionScreenProps {
  kind: TransactionKindDef;
  title: string;
  crumb?: string;
  /** Table headers that differ from the resource's labels. */
  headers?: Readonly<Record<string, string>>;
}

const getTransactionId = (row: TransactionRow) => row.trctId;
const PREFERENCE_SCREEN = { va: 'transaction-va', qris: 'transaction-qris' } as const;

/** Transaction VA and Transaction BRI QRIS (spec §2): one screen, told which kind it shows. */
export function TransactionScreen({ kind, title, crumb, headers }: TransactionScreenProps) {
  const state = useTransactionListState(kind);
  const list = useTransactions<TransactionRow>(
    kind.resource.path,
    state.params ?? {},
    state.params !== null,
  );
  const exporter = useExportTransactions(kind);
  const { access } = useAccess();
  const canAct = can(access, kind.area, 'read');
  const openDetail = useOpenTransactionDetail(kind);
  const actionDialog = useActionDialog(kind);
  const filterDialog = useFreshDialog();

  const { columns, actions } = useMemo(
    () => transactionColumns(kind, { headers, canAct, onAction: actionDialog.ask }),
    [kind, headers, canAct, actionDialog.ask],
  );
  const screen = PREFERENCE_SCREEN[kind.key];
  const chosen = useChosenColumns(screen);
  const layout = useTableLayout({
    columns,
    actions,
    priority: TRANSACTION_PRIORITY[kind.key],
    chosen,
  });
  const choosable = useMemo(
    () => columns.map((c) => ({ field: c.field, label: c.headerName ?? c.field })),
    [columns],
  );
  // The rows come numbered (No., QRIS) by the server.
  const rows = useMemo(() => list.data?.data ?? [], [list.data]);
  const total = list.data?.total;
  const totalCapped = list.data?.pagination.totalCapped === true;
  const bulk = useBulkActions({
    source: kind.key,
    actions: canAct ? BULK_ACTIONS_OF[kind.key] : [],
    scope: selectionScope(state.exportParams),
    query: useMemo(() => listQueryRecord(state.exportParams), [state.exportParams]),
    total: list.data?.pagination.totalData ?? 0,
    totalCapped,
    pageIds: useMemo(() => rows.map(getTransactionId), [rows]),
    reloadPath: kind.resource.path,
  });

  const exportFile = (format: ExportFileFormat) => {
    if (!state.exportParams) return;
    exporter.mutate(
      { params: state.exportParams, format },
      {
        onError: (error) =>
          notify.error(MESSAGES.exportFailed, errorMessage(error, MESSAGES.unknownError)),
      },
    );
  };

  return (
    <>
      <PageHeader title={title} crumb={crumb} />
      <Stack spacing={0}>
        <SummaryCard
          title="Status Pelunasan"
          color="info"
          items={transactionSummaryItems(total, state.filter.status, (status) =>
            state.setFilter({ ...state.filter, status }),
          )}
          note={totalCapped ? notCountedNote(list.data?.pagination.totalData ?? 0) : undefined}
        />
        <TransactionToolbar
          kind={kind}
          state={state}
          allDates={list.data?.searchedAllDates === true || state.onAllDates}
          exporting={exporter.isPending}
          onExport={() => exportFile('csv')}
          onExportXlsx={() => exportFile('xlsx')}
          onFilter={filterDialog.show}
          onRefresh={state.refresh}
          preferences={
            <PreferenceButtons screen={screen} columns={choosable} query={state.urlQuery} />
          }
        />
        <SavedViewsBar screen={screen} />
        <SearchScopeNote
          searchText={state.searchText}
          searchedAllDates={list.data?.searchedAllDates === true && !list.isPlaceholderData}
          empty={list.isSuccess && !list.isPlaceholderData && rows.length === 0}
          onAllDates={state.onAllDates}
          onSearchAllDates={state.searchAllDates}
        />
        {bulk.bar}
        <NewRowsButton
          count={state.live.newCount}
          noun={state.live.noun}
          onClick={state.live.loadNew}
        />
        <DataTable<TransactionRow>
          label={title}
          columns={layout.shown}
          defaultSort={kind.resource.defaultOrder}
          cardOrder={TRANSACTION_CARD_ORDER}
          rows={rows}
          rowCount={list.data?.pagination.totalData ?? 0}
          rowCountCapped={totalCapped}
          getRowId={getTransactionId}
          onRowClick={openDetail}
          loading={list.isFetching && !state.live.reloadingQuietly}
          selection={bulk.tableSelection}
          {...state.tableProps}
        />
      </Stack>
      {bulk.dialog}
      <TransactionFilterDialog
        key={filterDialog.key}
        kind={kind}
        open={filterDialog.open}
        value={state.filter}
        onApply={(filter) => {
          state.setFilter(filter);
          filterDialog.close();
        }}
        onClose={filterDialog.close}
      />
      {actionDialog.dialog}
    </>
  );
}
