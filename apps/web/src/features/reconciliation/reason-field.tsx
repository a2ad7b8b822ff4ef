import TextField from '@mui/material/TextField';
import { RECON_REASON_MAX } from '@tagih/contract';
import { reasonProblem } from './reason.ts';

export interface ReasonFieldProps {
  value: string;
  onChange: (reason: string) => void;
  /** The operator has left the field or tried to apply: its problem shows. */
  touched: boolean;
  onTouched: () => void;
  /** Under the field while it has no problem to show. */
  hint: string;
  autoFocus?: boolean;
}

/** A resolution's required reason (one break or many): its rule is reason.ts, shown once the field is left or an apply tried. */
export function ReasonField({
  value,
  onChange,
  touched,
  onTouched,
  hint,
  autoFocus = false,
}: ReasonFieldProps) {
  const problem = touched ? reasonProblem(value) : null;
  return (
    <TextField
      label="Alasan"
      required
      multiline
      minRows={2}
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onTouched}
      error={problem !== null}
      helperText={problem ?? hint}
      slotProps={{ htmlInput: { maxLength: RECON_REASON_MAX } }}
    />
  );
}
