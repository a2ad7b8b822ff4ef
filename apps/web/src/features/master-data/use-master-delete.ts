import { useState } from 'react';
import { useDeleteRecord } from '../../api/delete-record.ts';
import { notify } from '../../components/notify.tsx';
import type { MasterRow, MasterScreenConfig } from './master-config.ts';

/** Delete: ask 'Data Deletion', call (once, however often Continue is clicked), toast, reload (spec §2, §4, §8). */
export function useMasterDelete(config: MasterScreenConfig) {
  const [target, setTarget] = useState<MasterRow | null>(null);
  const remove = useDeleteRecord(config.resource);
  const toasts = config.resource.toasts;

  const confirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target[config.resource.idField] as string | number);
      notify.success(toasts.deleted);
    } catch (error) {
      notify.error(toasts.deleteFailed, error instanceof Error ? error.message : undefined);
    }
    setTarget(null);
  };

  return {
    ask: setTarget,
    dialog: {
      open: target !== null,
      busy: remove.isPending,
      onCancel: () => setTarget(null),
      onConfirm: confirm,
    },
  };
}
