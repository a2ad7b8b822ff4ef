import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  passwordChangeMessage,
  policyAsksCurrentPassword,
  type PasswordPolicy,
} from '@tagih/contract';
import { READ_ONLY_LOOK } from '../../components/form-fields/field-input.tsx';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { useAccountForm } from './use-account-form.ts';

/** What the password field says it takes under the policy. */
const PASSWORD_HINT: Record<PasswordPolicy, string> = {
  spec: 'Leave empty to keep the current password.',
  pci: 'Leave empty to keep the current password. A new one: at least 12 characters with letters and digits, not your username, not one of your last 4 passwords.',
};

/**
 * The signed-in user's own username and password (spec §2 "Manage Account"), and two-factor
 * sign-in. Under PASSWORD_POLICY=pci the current password is asked for, and a user whose
 * password expired or was set by somebody else is told to set a new one here.
 */
export function ManageAccountScreen() {
  const { form, status, policy, canSave, save, resetForm, usernameError, saving } =
    useAccountForm();
  const {
    register,
    formState: { errors },
  } = form;
  if (!status.data) return <LoadingSpinner />;

  const nameError = errors.usloUserName?.message ?? usernameError;
  const changeRequired = status.data.passwordChangeRequired;
  return (
    <>
      <PageHeader title="Manage Account" subtitle="Manage your username & password" />
      <Card variant="outlined" sx={{ maxWidth: 560 }}>
        <CardContent component="form" noValidate onSubmit={save}>
          <Stack spacing={2.5}>
            {changeRequired && (
              <Alert severity="warning">{passwordChangeMessage(changeRequired)}</Alert>
            )}
            <TextField
              label="User ID"
              value={status.data.user}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true }, input: { sx: READ_ONLY_LOOK } }}
            />
            <TextField
              label="Username"
              autoComplete="username"
              fullWidth
              {...register('usloUserName')}
              error={Boolean(nameError)}
              helperText={nameError}
            />
            <PasswordField
              label="Password"
              autoComplete="new-password"
              fullWidth
              {...register('usloPassword')}
              error={Boolean(errors.usloPassword)}
              helperText={errors.usloPassword?.message ?? PASSWORD_HINT[policy]}
            />
            {policyAsksCurrentPassword(policy) && (
              <PasswordField
                label="Current password"
                autoComplete="current-password"
                fullWidth
                {...register('currentPassword')}
                error={Boolean(errors.currentPassword)}
                helperText={
                  errors.currentPassword?.message ?? 'Needed to change your username or password.'
                }
              />
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button color="inherit" onClick={() => void resetForm()} disabled={saving}>
                Reset
              </Button>
              <Button type="submit" variant="contained" disabled={!canSave}>
                Save
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <TwoFactorSection
        enabled={status.data.twoFactorEnabled === true}
        required={status.data.twoFactorEnrolmentRequired === true}
      />
    </>
  );
}
