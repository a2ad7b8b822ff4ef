import TextField from '@mui/material/TextField';
import { fieldOf, type TransactionKindDef } from '@tagih/contract';
import { useState } from 'react';
import { FilterDialog } from '../../components/filter-dialog.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import {
  EMPTY_FILTER,
  isEmptyFilter,
  type TransactionFilter,
} from './use-transaction-list-state.ts';

export interface TransactionFilterDialogProps {
  kind: TransactionKindDef;
  open: boolean;
  /** The applied filter; the dialog edits a copy (mount it anew for each opening). */
  value: TransactionFilter;
  onApply: (filter: TransactionFilter) => void;
  onClose: () => void;
}

/** 'Filter Data': By Bank (free text) and By Status (spec §2). */
export function TransactionFilterDialog({
  kind,
  open,
  value,
  onApply,
  onClose,
}: TransactionFilterDialogProps) {
  const [draft, setDraft] = useState(value);
  const statusOptions = fieldOf(kind.resource, 'trctStatus')?.options ?? [];
  return (
    <FilterDialog
      open={open}
      onClose={onClose}
      onApply={() => onApply(draft)}
      onClear={() => onApply(EMPTY_FILTER)}
      isEmpty={isEmptyFilter(draft)}
    >
      <TextField
        label="By Bank"
        size="small"
        value={draft.bank}
        onChange={(event) => setDraft({ ...draft, bank: event.target.value })}
        fullWidth
      />
      <FilterSelect
        label="By Status"
        value={draft.status}
        options={statusOptions}
        onChange={(status) => setDraft({ ...draft, status })}
      />
    </FilterDialog>
  );
}
