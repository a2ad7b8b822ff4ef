import TextField from '@mui/material/TextField';
import { AUDIT_ACTION_NAMES, auditResource, fieldOf } from '@tagih/contract';
import { useState } from 'react';
import { FilterDialog } from '../../components/filter-dialog.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import {
  EMPTY_AUDIT_FILTER,
  isEmptyAuditFilter,
  type AuditFilter,
} from './use-audit-list-state.ts';

const ACTION_OPTIONS = AUDIT_ACTION_NAMES.map((name) => ({ value: name, label: name }));
const OUTCOME_OPTIONS = fieldOf(auditResource, 'audtOutcome')?.options ?? [];

export interface AuditFilterDialogProps {
  open: boolean;
  /** The applied filter; the dialog edits a copy (mount it anew for each opening). */
  value: AuditFilter;
  onApply: (filter: AuditFilter) => void;
  onClose: () => void;
}

/** 'Filter Data': By Action, By Outcome (selects), By Target Type, By Target Id (free text). */
export function AuditFilterDialog({ open, value, onApply, onClose }: AuditFilterDialogProps) {
  const [draft, setDraft] = useState(value);
  const text = (label: string, key: 'targetType' | 'targetId') => (
    <TextField
      label={label}
      size="small"
      value={draft[key]}
      onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      fullWidth
    />
  );
  return (
    <FilterDialog
      open={open}
      onClose={onClose}
      onApply={() => onApply(draft)}
      onClear={() => onApply(EMPTY_AUDIT_FILTER)}
      isEmpty={isEmptyAuditFilter(draft)}
    >
      <FilterSelect
        label="By Action"
        value={draft.action}
        options={ACTION_OPTIONS}
        onChange={(action) => setDraft({ ...draft, action })}
      />
      <FilterSelect
        label="By Outcome"
        value={draft.outcome}
        options={OUTCOME_OPTIONS}
        onChange={(outcome) => setDraft({ ...draft, outcome })}
      />
      {text('By Target Type', 'targetType')}
      {text('By Target Id', 'targetId')}
    </FilterDialog>
  );
}
