/**
 * An outlined text field for the sign-in page, built from the parts MUI's TextField renders for
 * it (FormControl, InputLabel, OutlinedInput, FormHelperText) with the same markup: the label
 * bound to the input, the helper text named by `aria-describedby`. TextField itself also imports
 * Select (with Menu, Popover and Modal) for its `select` mode: code the first page would
 * load and never use. The signed-in screens keep TextField.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface OutlinedFieldProps extends Pick<
  OutlinedInputProps,
  | 'name'
  | 'type'
  | 'autoComplete'
  | 'autoFocus'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'onBlur'
  | 'inputRef'
  | 'endAdornment'
> {
  label: string;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** Attributes of the <input> itself (TextField's `slotProps.htmlInput`). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

export function OutlinedField({
  label,
  fullWidth,
  error,
  helperText,
  htmlInput,
  ...input
}: OutlinedFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      fullWidth={fullWidth}
      error={error}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        aria-describedby={helperTextId}
        inputProps={htmlInput}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
