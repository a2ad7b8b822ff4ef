import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { ACTIONS, encodeOperations, parseOperations, type Action } from '@tagih/contract';

export interface OperationsFieldProps {
  label: string;
  /** The JSON string the API expects. */
  value: unknown;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
}

/** read / create / update / delete checkboxes that edit a JSON-encoded list (spec §3). */
export function OperationsField({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  disabled,
  required,
}: OperationsFieldProps) {
  const chosen = parseOperations(value);
  const toggle = (action: Action, on: boolean) =>
    onChange(encodeOperations(on ? [...chosen, action] : chosen.filter((a) => a !== action)));
  return (
    <FormControl
      component="fieldset"
      error={error}
      disabled={disabled}
      required={required}
      onBlur={onBlur}
    >
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {ACTIONS.map((action) => (
          <FormControlLabel
            key={action}
            label={action}
            control={
              <Checkbox
                checked={chosen.includes(action)}
                onChange={(e) => toggle(action, e.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}
