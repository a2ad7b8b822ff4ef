import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, totpCode, type TwoFactorSetupData } from '@tagih/contract';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useDisableTwoFactor } from '../../api/disable-two-factor.ts';
import { useEnableTwoFactor } from '../../api/enable-two-factor.ts';
import { useSetupTwoFactor } from '../../api/setup-two-factor.ts';
import { notify } from '../../components/notify.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { useSingleFlight } from '../../hooks/use-single-flight.ts';

/** The recovery codes, shown once: copy or download them now. */
function RecoveryCodes({ codes, done }: { codes: string[]; done: () => void }) {
  const text = codes.join('\n');
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => notify.success('Recovery codes copied.'),
      () => notify.error('Could not copy; select the codes and copy them by hand.'),
    );
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'tagih-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Save these recovery codes somewhere safe. Each one signs you in once without your
        authenticator app. They are shown only now.
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 3 }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={copy}>Copy</Button>
        <Button onClick={download}>Download</Button>
        <Button variant="contained" onClick={done}>
          Done
        </Button>
      </Stack>
    </Stack>
  );
}

/** Setup: the QR code and the key for manual entry; a first code turns two-factor on. */
function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const starting = useSingleFlight();
  const enabling = useSingleFlight();
  const [pending, setPending] = useState<TwoFactorSetupData | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    try {
      setPending(await setup.mutateAsync());
    } catch (e) {
      notify.error(errorMessage(e, MESSAGES.unknownError));
    }
  };

  const confirm = async () => {
    const parsed = totpCode.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.twoFactorCodeInvalid);
      return;
    }
    try {
      const { recoveryCodes } = await enable.mutateAsync({ code: parsed.data });
      notify.success(MESSAGES.twoFactorEnabled);
      onEnabled(recoveryCodes);
    } catch (e) {
      setError(errorMessage(e, MESSAGES.twoFactorCodeInvalid));
    }
  };

  if (!pending) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2">
          Two-factor sign-in is off. With it on, signing in needs a code from an authenticator app
          on your phone as well as your password.
        </Typography>
        <Button variant="contained" onClick={() => starting.run(start)} disabled={starting.running}>
          Set up two-factor
        </Button>
      </Stack>
    );
  }
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={enabling.submit(confirm)}>
      <Typography variant="body2">
        Scan the QR code with your authenticator app, or type the key into it; then enter the
        6-digit code it shows.
      </Typography>
      <Box sx={{ alignSelf: 'center', p: 1, bgcolor: '#fff' }}>
        <QRCodeSVG value={pending.otpauthUrl} size={180} title="Two-factor QR code" />
      </Box>
      <TextField
        label="Key"
        value={pending.secret}
        fullWidth
        slotProps={{
          htmlInput: {
            readOnly: true,
            'data-testid': 'two-factor-key',
            style: { fontFamily: 'monospace' },
          },
        }}
      />
      <TextField
        label="Code"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={enabling.running}>
          Turn on
        </Button>
      </Stack>
    </Stack>
  );
}

/** On: turning it off needs the password and a code (or a recovery code). */
function Disable() {
  const disable = useDisableTwoFactor();
  const disabling = useSingleFlight();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});

  const submit = async () => {
    if (!password || !code.trim()) {
      setErrors({
        ...(!password ? { password: MESSAGES.passwordRequired } : {}),
        ...(!code.trim() ? { code: 'Enter a code or a recovery code' } : {}),
      });
      return;
    }
    try {
      await disable.mutateAsync({ password, code });
      notify.success(MESSAGES.twoFactorDisabled);
      setPassword('');
      setCode('');
      setErrors({});
    } catch (e) {
      const fields = (e as { envelope?: { data?: { errors?: Record<string, string> } } }).envelope
        ?.data?.errors;
      setErrors(fields ?? { code: errorMessage(e, MESSAGES.unknownError) });
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={disabling.submit(submit)}>
      <Alert severity="success">Two-factor sign-in is on.</Alert>
      <Typography variant="body2">
        To turn it off, enter your password and a code from your app or a recovery code.
      </Typography>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password}
      />
      <TextField
        label="Code or recovery code"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={Boolean(errors.code)}
        helperText={errors.code}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" color="error" variant="outlined" disabled={disabling.running}>
          Turn off
        </Button>
      </Stack>
    </Stack>
  );
}

/** Manage Account's two-factor section (TOTP): set up, recovery codes once, turn off. */
export function TwoFactorSection({ enabled, required }: { enabled: boolean; required: boolean }) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <Card
      variant="outlined"
      sx={{ maxWidth: 560, mt: 3 }}
      component="section"
      aria-label="Two-factor sign-in"
    >
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Two-factor sign-in
          </Typography>
          {required && !enabled && (
            <Alert severity="warning">{MESSAGES.twoFactorEnrolmentRequired}</Alert>
          )}
          {recoveryCodes ? (
            <RecoveryCodes codes={recoveryCodes} done={() => setRecoveryCodes(null)} />
          ) : enabled ? (
            <Disable />
          ) : (
            <Enrol onEnabled={setRecoveryCodes} />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
