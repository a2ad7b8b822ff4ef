import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CenteredCard } from '../../components/centered-card.tsx';
import { Logo } from '../../components/logo.tsx';
import { OutlinedField, type OutlinedFieldProps } from '../../components/outlined-field.tsx';
import { usePasswordVisibility } from '../../components/password-visibility.tsx';
import { SecondStep } from './second-step.tsx';
import { useLoginForm } from './use-login-form.ts';
import { useSignIn } from './use-sign-in.ts';

/** /login (spec §2): username, password with show/hide, Proceed; Enter submits. Two-factor on: then a code. */
export function LoginScreen() {
  const { signIn, verify, challenge, cancelSecondStep, busy } = useSignIn();
  const { field, onSubmit } = useLoginForm(signIn);

  if (challenge) {
    return (
      <CenteredCard>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
          <Logo />
        </Box>
        <SecondStep busy={busy} verify={verify} cancel={cancelSecondStep} />
      </CenteredCard>
    );
  }

  return (
    <CenteredCard>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
            <Logo />
          </Box>
          <Typography variant="h5" component="h1" sx={{ textAlign: 'center', fontWeight: 500 }}>
            Login
          </Typography>
          <OutlinedField
            label="Username"
            autoComplete="username"
            autoFocus
            fullWidth
            {...field('username')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            fullWidth
            {...field('password')}
          />
          <Box sx={{ textAlign: 'right' }}>
            <Link
              href="#"
              underline="hover"
              variant="body2"
              onClick={(event) => event.preventDefault()}
            >
              Forgot password?
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
            {busy ? 'Loading...' : 'Proceed'}
          </Button>
        </Stack>
      </Box>
    </CenteredCard>
  );
}

/** The password with its show/hide toggle; hidden again whenever the form is shown anew. */
function PasswordInput(props: OutlinedFieldProps) {
  return <OutlinedField {...props} {...usePasswordVisibility()} />;
}
