import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import type { FieldDef } from '@tagih/contract';
import { Controller, type Control, type FieldValues } from 'react-hook-form';
import { PasswordField } from '../password-field.tsx';
import { NumberField } from './number-field.tsx';
import { OperationsField } from './operations-field.tsx';
import { OptionSelect, type OptionValue } from './option-select.tsx';

export interface FieldInputProps {
  field: FieldDef;
  control: Control<FieldValues>;
  readOnly?: boolean;
  /** Marked with an asterisk (and aria-required); the schema gives the '{label} is required' message. */
  required?: boolean;
  /** A message from outside the schema (uniqueness look-up), shown when the schema has none. */
  externalError?: string;
  /** Shown under the input when there is no error. */
  hint?: string;
  /** Choices of a select that are not offered (see OptionSelect). */
  withheld?: readonly OptionValue[];
}

/** A read-only input looks set, not fillable: a grey field without a focus underline. */
export const READ_ONLY_LOOK = {
  bgcolor: 'action.hover',
  color: 'text.secondary',
  cursor: 'default',
} as const;

/**
 * One form input of the generic master form builder, chosen by `field.input`: text,
 * password, number, dropdown, dropdown-api, checkbox, date or operations.
 */
export function FieldInput({
  field,
  control,
  readOnly,
  required,
  externalError,
  hint,
  withheld,
}: FieldInputProps) {
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input, fieldState }) => {
        const message = fieldState.error?.message ?? externalError;
        const common = {
          label: field.label,
          required: required && !readOnly,
          onBlur: input.onBlur,
          error: Boolean(message),
          helperText: message ?? hint,
        };
        const text = (input.value ?? '') as string | number;
        switch (field.input) {
          case 'number':
            return (
              <NumberField
                {...common}
                value={input.value as number | ''}
                onChange={input.onChange}
                readOnly={readOnly}
              />
            );
          case 'dropdown':
          case 'dropdown-api':
            return (
              <OptionSelect
                {...common}
                field={field}
                value={input.value as string | number | ''}
                onChange={input.onChange}
                disabled={readOnly}
                withheld={withheld}
              />
            );
          case 'operations':
            return (
              <OperationsField
                {...common}
                value={input.value}
                onChange={input.onChange}
                disabled={readOnly}
              />
            );
          case 'checkbox':
            return (
              <FormControl error={common.error} required={common.required}>
                <FormControlLabel
                  label={field.label}
                  control={
                    <Checkbox
                      checked={Boolean(input.value)}
                      onChange={(e) => input.onChange(e.target.checked)}
                      onBlur={input.onBlur}
                      disabled={readOnly}
                    />
                  }
                />
                {common.helperText && <FormHelperText>{common.helperText}</FormHelperText>}
              </FormControl>
            );
          case 'password':
            return (
              <PasswordField
                {...common}
                fullWidth
                autoComplete="new-password"
                name={input.name}
                inputRef={input.ref}
                value={text}
                onChange={input.onChange}
              />
            );
          case 'date':
          case 'text':
          default:
            return (
              <TextField
                {...common}
                fullWidth
                type={field.input === 'date' ? 'date' : 'text'}
                name={input.name}
                inputRef={input.ref}
                value={text}
                onChange={input.onChange}
                slotProps={{
                  htmlInput: { readOnly, maxLength: field.maxLength },
                  input: readOnly ? { sx: READ_ONLY_LOOK } : undefined,
                  inputLabel: field.input === 'date' ? { shrink: true } : undefined,
                }}
              />
            );
        }
      }}
    />
  );
}
