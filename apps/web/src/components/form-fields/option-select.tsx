import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { optionLabeller, optionsLoadFailedMessage, type FieldDef } from '@tagih/contract';
import { useEffect, useMemo } from 'react';
import { primaryKeyOf, useOptionRows } from '../../api/get-options.ts';
import { notify } from '../notify.tsx';

export type OptionValue = string | number;

export interface SelectOption {
  value: OptionValue;
  label: string;
}

export interface OptionSelectProps {
  field: FieldDef;
  label?: string;
  value: OptionValue | '' | null | undefined;
  onChange: (value: OptionValue | '') => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  /** Adds an empty first entry (filters). */
  clearable?: boolean;
  /** Values not offered (choices the user may not make); a current value among them still shows. */
  withheld?: readonly OptionValue[];
}

/** Options of a dropdown (fixed) or dropdown-api (loaded from options_api_path) field. */
function useFieldOptions(field: FieldDef): { options: SelectOption[]; loading: boolean } {
  const path = field.input === 'dropdown-api' ? field.optionsApiPath : undefined;
  const list = useOptionRows(path);
  const options = useMemo(() => {
    if (!path) return (field.options ?? []).map((o) => ({ value: o.value, label: o.label }));
    if (!list.data) return [];
    const key = primaryKeyOf(list.data) ?? field.name;
    const labelOf = optionLabeller(path, key);
    return list.data.data.map((row) => ({
      value: row[key] as OptionValue,
      label: labelOf(row),
    }));
  }, [path, field.options, field.name, list.data]);
  // A failed load says so once (spec §8); the select stays empty rather than guessing.
  const failed = Boolean(path) && list.isError;
  useEffect(() => {
    if (!failed || !path) return;
    notify.error(optionsLoadFailedMessage(path, field.label), undefined, {
      toastId: `options:${path}`,
    });
  }, [failed, path, field.label]);
  return { options, loading: Boolean(path) && list.isPending };
}

/** A select over a field's options; the chosen value keeps its type (number ids stay numbers). */
export function OptionSelect({
  field,
  label = field.label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  disabled,
  required,
  clearable = false,
  withheld,
}: OptionSelectProps) {
  const { options: all, loading } = useFieldOptions(field);
  const options = useMemo(
    () =>
      withheld?.length ? all.filter((o) => o.value === value || !withheld.includes(o.value)) : all,
    [all, withheld, value],
  );
  // MUI warns about a value that is not among the options (e.g. while they load).
  const known = options.some((o) => o.value === value);
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={known ? (value as OptionValue) : ''}
      onChange={(event) => {
        const picked = options.find((o) => String(o.value) === String(event.target.value));
        onChange(picked ? picked.value : '');
      }}
      onBlur={onBlur}
      error={error}
      helperText={helperText ?? (loading ? 'Loading..' : undefined)}
      disabled={disabled}
      required={required}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
    >
      {clearable && (
        <MenuItem value="">
          <em>All</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={String(option.value)} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
