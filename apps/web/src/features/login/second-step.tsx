import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SECOND_FACTOR_RULES, checkCode } from '@tagih/contract';
import { useState, type FormEvent } from 'react';
import { OutlinedField } from '../../components/outlined-field.tsx';
import type { SecondFactor } from './use-sign-in.ts';

interface SecondStepProps {
  busy: boolean;
  /** Returns the server's message when the code is refused. */
  verify: (factor: SecondFactor) => Promise<string | null>;
  cancel: () => void;
}

/** The sign-in's second step: the 6-digit code from the authenticator app, or one recovery code. */
export function SecondStep({ busy, verify, cancel }: SecondStepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCode(
      useRecovery ? SECOND_FACTOR_RULES.recoveryCode : SECOND_FACTOR_RULES.code,
      value,
    );
    if ('issue' in checked) {
      setError(checked.issue);
      return;
    }
    setError(await verify(useRecovery ? { recoveryCode: checked.code } : { code: checked.code }));
  };

  const toggle = () => {
    setUseRecovery((v) => !v);
    setValue('');
    setError(null);
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2.5}>
        <Typography variant="h5" component="h1" sx={{ textAlign: 'center', fontWeight: 500 }}>
          Two-factor sign-in
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </Typography>
        <OutlinedField
          key={useRecovery ? 'recovery' : 'code'}
          label={useRecovery ? 'Recovery code' : 'Code'}
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={Boolean(error)}
          helperText={error}
          htmlInput={useRecovery ? {} : { inputMode: 'numeric', maxLength: 7 }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
          <Link component="button" type="button" underline="hover" variant="body2" onClick={cancel}>
            Back
          </Link>
          <Link component="button" type="button" underline="hover" variant="body2" onClick={toggle}>
            {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
          {busy ? 'Loading...' : 'Verify'}
        </Button>
      </Stack>
    </Box>
  );
}
