import TextField from '@mui/material/TextField';
import { fieldOf, type ResourceDef } from '@tagih/contract';
import { useState } from 'react';
import { FilterDialog } from '../../components/filter-dialog.tsx';
import { OptionSelect } from '../../components/form-fields/option-select.tsx';
import type { MasterFilter } from './master-config.ts';
import type { FilterValues } from './use-master-list.ts';

export interface MasterFilterDialogProps {
  resource: ResourceDef;
  filters: readonly MasterFilter[];
  applied: FilterValues;
  onApply: (values: FilterValues) => void;
  onClose: () => void;
}

/** 'Filter Data' with the screen's filters; mounted per opening, it starts from the applied ones. */
export function MasterFilterDialog({
  resource,
  filters,
  applied,
  onApply,
  onClose,
}: MasterFilterDialogProps) {
  const [draft, setDraft] = useState<FilterValues>(applied);
  const set = (field: string, value: string | number | '') =>
    setDraft((d) => ({ ...d, [field]: value }));
  const isEmpty = filters.every((f) => (draft[f.field] ?? '') === '');

  return (
    <FilterDialog
      open
      onClose={onClose}
      onApply={() => onApply(draft)}
      onClear={() => setDraft({})}
      isEmpty={isEmpty}
    >
      {filters.map((filter) => {
        const field = fieldOf(resource, filter.field);
        const value = draft[filter.field] ?? '';
        if (filter.kind === 'select' && field) {
          return (
            <OptionSelect
              key={filter.field}
              field={field}
              label={filter.label}
              value={value}
              onChange={(v) => set(filter.field, v)}
              clearable
            />
          );
        }
        return (
          <TextField
            key={filter.field}
            fullWidth
            label={filter.label}
            value={value}
            onChange={(e) => set(filter.field, e.target.value)}
          />
        );
      })}
    </FilterDialog>
  );
}
