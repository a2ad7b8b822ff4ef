import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  clampNumber,
  commitNumber,
  sanitizeNumberText,
  stepNumber,
  type NumberRules,
} from './number-value.ts';
import { useHoldRepeat } from './use-hold-repeat.ts';

export interface NumberFieldProps extends NumberRules {
  label: string;
  value: number | '' | null | undefined;
  onChange: (value: number | '') => void;
  onBlur?: () => void;
  /** Spec §5: step 1. */
  step?: number;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
}

const asText = (value: number | '' | null | undefined) =>
  value === '' || value === null || value === undefined ? '' : String(value);

/**
 * A number input: only numeric characters, at most `precision` decimals, clamped to
 * min/max, with +/- buttons that repeat while held (after 500 ms, every 50 ms).
 */
export function NumberField({
  label,
  value,
  onChange,
  onBlur,
  min,
  max,
  precision = 0,
  step = 1,
  error,
  helperText,
  disabled,
  readOnly,
  required,
}: NumberFieldProps) {
  const rules = { min, max, precision };
  const [text, setText] = useState(asText(value));
  const current = useRef<number | ''>(value ?? '');

  // Follow the form when it changes the value (reset, edit of another row).
  useEffect(() => {
    if ((value ?? '') !== current.current) {
      current.current = value ?? '';
      setText(asText(value));
    }
  }, [value]);

  const emit = (next: number | '') => {
    current.current = next;
    setText(asText(next));
    onChange(next);
  };

  const type = (raw: string) => {
    const clean = sanitizeNumberText(raw, rules);
    const n = Number(clean);
    // Above max is clamped at once; below min waits for blur (typing '1' on the way to '12').
    if (clean !== '' && clean !== '-' && Number.isFinite(n) && max !== undefined && n > max) {
      emit(clampNumber(n, rules));
      return;
    }
    setText(clean);
    const committed = clean === '' || clean === '-' ? '' : Number.isFinite(n) ? n : '';
    current.current = committed;
    onChange(committed);
  };

  const commit = () => {
    emit(commitNumber(text, rules));
    onBlur?.();
  };

  const stepBy = (delta: number) => emit(stepNumber(current.current, delta, rules));
  const down = useHoldRepeat(() => stepBy(-step));
  const up = useHoldRepeat(() => stepBy(step));
  const locked = disabled || readOnly;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowUp') stepBy(step);
    else if (event.key === 'ArrowDown') stepBy(-step);
    else return;
    event.preventDefault();
  };

  return (
    <TextField
      fullWidth
      label={label}
      value={text}
      onChange={(event) => type(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      error={error}
      helperText={helperText}
      disabled={disabled}
      required={required}
      slotProps={{
        htmlInput: { inputMode: precision > 0 ? 'decimal' : 'numeric', readOnly },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <IconButton size="small" aria-label={`Decrease ${label}`} disabled={locked} {...down}>
                <RemoveIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
          endAdornment: (
            <InputAdornment position="end">
              <IconButton size="small" aria-label={`Increase ${label}`} disabled={locked} {...up}>
                <AddIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
