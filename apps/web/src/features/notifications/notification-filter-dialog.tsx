import { fieldOf, notificationResource } from '@tagih/contract';
import { useState } from 'react';
import { FilterDialog } from '../../components/filter-dialog.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';

const STATUS_OPTIONS = fieldOf(notificationResource, 'notiStatus')?.options ?? [];

export interface NotificationFilterDialogProps {
  open: boolean;
  /** The applied status ('' = any); the dialog edits a copy (mount it anew per opening). */
  value: string;
  onApply: (status: string) => void;
  onClose: () => void;
}

/** 'Filter Data' with 'By Status' (Pending 1, Success 2), clearable (spec §2). */
export function NotificationFilterDialog({
  open,
  value,
  onApply,
  onClose,
}: NotificationFilterDialogProps) {
  const [status, setStatus] = useState(value);
  return (
    <FilterDialog
      open={open}
      onClose={onClose}
      onApply={() => onApply(status)}
      onClear={() => onApply('')}
      isEmpty={status === ''}
    >
      <FilterSelect
        label="By Status"
        value={status}
        options={STATUS_OPTIONS}
        onChange={setStatus}
      />
    </FilterDialog>
  );
}
