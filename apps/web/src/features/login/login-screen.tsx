import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginBody, type LoginBody } from '@tagih/contract';
import { useForm } from 'react-hook-form';
import { CenteredCard } from '../../components/centered-card.tsx';
import { Logo } from '../../components/logo.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { SecondStep } from './second-step.tsx';
import { useSignIn } from './use-sign-in.ts';

/** /login (spec §2): username, password with show/hide, Proceed; Enter submits. Two-factor on: then a code. */
export function LoginScreen() {
  const { signIn, verify, challenge, cancelSecondStep, busy } = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  });

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
      <Box component="form" noValidate onSubmit={handleSubmit(signIn)}>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
            <Logo />
          </Box>
          <Typography variant="h5" component="h1" sx={{ textAlign: 'center', fontWeight: 500 }}>
            Login
          </Typography>
          <TextField
            label="Username"
            autoComplete="username"
            autoFocus
            fullWidth
            {...register('username')}
            error={Boolean(errors.username)}
            helperText={errors.username?.message}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            fullWidth
            {...register('password')}
            error={Boolean(errors.password)}
            helperText={errors.password?.message}
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
