/**
 * A password input's show/hide toggle, shared by PasswordField (a TextField) and the sign-in
 * page's lighter field: the input's `type` and the eye button at its end.
 */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';

export function usePasswordVisibility() {
  const [visible, setVisible] = useState(false);
  const endAdornment = (
    <InputAdornment position="end">
      <IconButton
        aria-label={visible ? 'Hide password' : 'Show password'}
        onClick={() => setVisible((v) => !v)}
        onMouseDown={(event) => event.preventDefault()}
        edge="end"
      >
        {visible ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  return { type: visible ? 'text' : 'password', endAdornment };
}
