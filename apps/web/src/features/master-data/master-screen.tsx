import { can } from '@tagih/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { useAccess, useIsSuperadmin } from '../../api/get-status.ts';
import { useIsMobile } from '../../hooks/use-is-mobile.ts';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import type { FormMode } from '../../components/form-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SummaryCard } from '../../components/summary-card.tsx';
import { masterColumns, type CellAddons, type RowActions } from './master-columns.tsx';
import type { MasterRow, MasterScreenConfig, MasterViewer } from './master-config.ts';
import { MasterFilterDialog } from './master-filter-dialog.tsx';
import { MasterFormDialog } from './master-form-dialog.tsx';
import { MasterToolbar } from './master-toolbar.tsx';
import { useMasterDelete } from './use-master-delete.ts';
import { useMasterList } from './use-master-list.ts';
import { useSummaryCounts } from './use-summary-counts.ts';

/** What one master screen adds to the generic one (User Management: the lock tag and Unlock). */
export interface MasterScreenExtras {
  /** Row actions after Edit and Delete. */
  rowActions?: RowActions['more'];
  cellAddons?: CellAddons;
  /** The dialogs those actions open. */
  dialogs?: ReactNode;
}

const NO_EXTRAS: MasterScreenExtras = {};

/**
 * One master-data screen (spec §2 "Common behaviour of data screens"), described by its
 * config: header, summary, search/filter/refresh, the server-paged table, add/edit and delete.
 * The route has already checked the read permission (RequireRead).
 */
export function MasterScreen({ config, extras = NO_EXTRAS }: { config: MasterScreenConfig; extras?: MasterScreenExtras }) {
  const { resource } = config;
  const mobile = useIsMobile();
  const { access } = useAccess();
  const isSuperadmin = useIsSuperadmin();
  const viewer: MasterViewer = useMemo(() => ({ isSuperadmin }), [isSuperadmin]);
  const area = resource.access.write;
  const allowed = {
    create: can(access, area, 'create'),
    update: can(access, area, 'update'),
    delete: can(access, area, 'delete'),
  };
  const list = useMasterList(config);
  const summary = useSummaryCounts(resource.path, config.summary.counts);
  const remove = useMasterDelete(config);
  const [form, setForm] = useState<{ mode: FormMode; row: MasterRow | null; n: number } | null>(null);
  const [filtering, setFiltering] = useState(false);

  const { update: canUpdate, delete: canDelete } = allowed;
  const askDelete = remove.ask;
  const { protectedRow } = config;
  const { rowActions, cellAddons } = extras;
  const columns = useMemo(
    () =>
      masterColumns(
        resource,
        {
          onEdit: canUpdate ? (row) => setForm({ mode: 'edit', row, n: Date.now() }) : undefined,
          onDelete: canDelete ? askDelete : undefined,
          protectedReason: protectedRow ? (row) => protectedRow(row, viewer) : undefined,
          more: rowActions,
        },
        cellAddons,
      ),
    [resource, canUpdate, canDelete, askDelete, protectedRow, viewer, rowActions, cellAddons],
  );
  const activeFilters = Object.values(list.filters).filter((v) => v !== '').length;

  return (
    <>
      <PageHeader title={mobile ? config.shortTitle : config.title} crumb={config.title} />
      <SummaryCard title={config.summary.title} items={summary} />
      <MasterToolbar
        search={list.search}
        searchBoxKey={list.searchBoxKey}
        onSearch={list.setSearchText}
        debounceMs={config.searchDebounceMs}
        placeholder={config.searchPlaceholder}
        onAdd={allowed.create ? () => setForm({ mode: 'create', row: null, n: Date.now() }) : undefined}
        onFilter={config.filters?.length ? () => setFiltering(true) : undefined}
        activeFilters={activeFilters}
        onRefresh={list.refresh}
      />
      <DataTable<MasterRow>
        label={config.title}
        columns={columns}
        rows={list.rows}
        rowCount={list.rowCount}
        getRowId={(row) => row[resource.idField] as string | number}
        loading={list.list.isFetching}
        {...list.tableProps}
      />
      {form && (
        <MasterFormDialog
          key={form.n}
          config={config}
          mode={form.mode}
          row={form.row}
          viewer={viewer}
          onClose={() => setForm(null)}
        />
      )}
      {filtering && config.filters && (
        <MasterFilterDialog
          resource={resource}
          filters={config.filters}
          applied={list.filters}
          onApply={(values) => {
            list.setFilters(values);
            setFiltering(false);
          }}
          onClose={() => setFiltering(false)}
        />
      )}
      <DeleteConfirmDialog {...remove.dialog} />
      {extras.dialogs}
    </>
  );
}
