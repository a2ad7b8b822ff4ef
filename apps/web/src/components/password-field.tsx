import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { forwardRef } from 'react';
import { usePasswordVisibility } from './password-visibility.tsx';

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLDivElement, Omit<TextFieldProps, 'type'>>(
  function PasswordField(props, ref) {
    const { type, endAdornment } = usePasswordVisibility();
    return (
      <TextField
        {...props}
        ref={ref}
        type={type}
        slotProps={{
          ...props.slotProps,
          input: { endAdornment },
        }}
      />
    );
  },
);
