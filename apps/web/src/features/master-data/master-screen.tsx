import { can } from '@tagih/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { useAccess, useIsSuperadmin } from '../../api/get-status.ts';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.tsx';
import type { FormMode } from '../../components/form-dialog.tsx';
import type { CellAddons, RowActions } from './master-columns.tsx';
import type { MasterRow, MasterScreenConfig, MasterViewer } from './master-config.ts';
import { MasterFormDialog } from './master-form-dialog.tsx';
import { MasterListScreen } from './master-list-screen.tsx';
import { useMasterDelete } from './use-master-delete.ts';

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
 * config: the list (MasterListScreen) with add/edit and delete as the viewer may.
 */
export function MasterScreen({
  config,
  extras = NO_EXTRAS,
}: {
  config: MasterScreenConfig;
  extras?: MasterScreenExtras;
}) {
  const { access } = useAccess();
  const isSuperadmin = useIsSuperadmin();
  const viewer: MasterViewer = useMemo(() => ({ isSuperadmin }), [isSuperadmin]);
  const area = config.resource.access.write;
  const canCreate = can(access, area, 'create');
  const canUpdate = can(access, area, 'update');
  const canDelete = can(access, area, 'delete');
  const remove = useMasterDelete(config);
  const [form, setForm] = useState<{ mode: FormMode; row: MasterRow | null; n: number } | null>(
    null,
  );

  const askDelete = remove.ask;
  const { protectedRow } = config;
  const { rowActions, cellAddons } = extras;
  const actions = useMemo<RowActions>(
    () => ({
      onEdit: canUpdate ? (row) => setForm({ mode: 'edit', row, n: Date.now() }) : undefined,
      onDelete: canDelete ? askDelete : undefined,
      protectedReason: protectedRow ? (row) => protectedRow(row, viewer) : undefined,
      more: rowActions,
    }),
    [canUpdate, canDelete, askDelete, protectedRow, viewer, rowActions],
  );

  return (
    <MasterListScreen
      config={config}
      actions={actions}
      cellAddons={cellAddons}
      onAdd={canCreate ? () => setForm({ mode: 'create', row: null, n: Date.now() }) : undefined}
    >
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
      <DeleteConfirmDialog {...remove.dialog} />
      {extras.dialogs}
    </MasterListScreen>
  );
}
