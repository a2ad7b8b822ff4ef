import { useMemo, useState, type ReactNode } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SummaryCard } from '../../components/summary-card.tsx';
import { useIsMobile } from '../../hooks/use-is-mobile.ts';
import { masterColumns, type CellAddons, type RowActions } from './master-columns.tsx';
import type { MasterListConfig, MasterRow } from './master-config.ts';
import { MasterFilterDialog } from './master-filter-dialog.tsx';
import { MasterToolbar } from './master-toolbar.tsx';
import { useMasterList } from './use-master-list.ts';
import { useSummaryCounts } from './use-summary-counts.ts';

export interface MasterListScreenProps {
  config: MasterListConfig;
  /** Row actions (Edit, Delete, more); pass a memoised object, the columns follow it. */
  actions: RowActions;
  cellAddons?: CellAddons;
  /** Add, when the viewer may create. */
  onAdd?: () => void;
  /** The dialogs the actions open. */
  children?: ReactNode;
}

/**
 * A master-data list screen (spec §2 "Common behaviour of data screens"): header, summary,
 * search/filter/refresh and the server-paged table with the row actions it is given. MasterScreen
 * adds add/edit/delete; a screen that only lists (Client) uses it alone. The route has already
 * checked the read permission (RequireRead).
 */
export function MasterListScreen({
  config,
  actions,
  cellAddons,
  onAdd,
  children,
}: MasterListScreenProps) {
  const { resource } = config;
  const mobile = useIsMobile();
  const list = useMasterList(config);
  const summary = useSummaryCounts(resource.path, config.summary.counts);
  const [filtering, setFiltering] = useState(false);
  const columns = useMemo(
    () => masterColumns(resource, actions, cellAddons),
    [resource, actions, cellAddons],
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
        onAdd={onAdd}
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
        defaultSort={resource.defaultOrder}
        {...list.tableProps}
      />
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
      {children}
    </>
  );
}
