import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { dashboardUrl, MESSAGES, selectCompanyForm } from '@tagih/contract';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useSetCompany } from '../../api/set-company.ts';
import { CenteredCard } from '../../components/centered-card.tsx';
import { Logo } from '../../components/logo.tsx';
import { notify } from '../../components/notify.tsx';
import { useCompanyList } from './use-company-list.ts';

type SelectCompanyValues = z.input<typeof selectCompanyForm>;

/** /selectcompany (spec §2): pick the company to work in; also used to switch company. */
export function SelectCompanyScreen() {
  const navigate = useNavigate();
  const { companies, activeId, isPending } = useCompanyList();
  const setCompany = useSetCompany();
  const { control, handleSubmit, formState, getValues, setValue } = useForm<SelectCompanyValues>({
    resolver: zodResolver(selectCompanyForm),
    mode: 'onChange',
  });

  // Switch Company starts from the company in use (once it is known and still offered).
  useEffect(() => {
    if (activeId === null || getValues('compId') !== undefined) return;
    if (companies.some((c) => c.compId === activeId))
      setValue('compId', activeId, { shouldValidate: true });
  }, [activeId, companies, getValues, setValue]);

  const submit = handleSubmit(async ({ compId }) => {
    const ok = await setCompany.mutateAsync(compId).catch(() => false);
    if (!ok) {
      notify.error(MESSAGES.setCompanyFailed);
      return;
    }
    notify.success(MESSAGES.setCompanyOk);
    await navigate(dashboardUrl('home'));
  });

  return (
    <CenteredCard>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Logo />
          </Box>
          <Box sx={{ textAlign: 'center' }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 500 }}>
              Select Company
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Please select which company you want to access.
            </Typography>
          </Box>
          <Controller
            name="compId"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                options={companies}
                loading={isPending}
                value={companies.find((c) => c.compId === field.value) ?? null}
                onChange={(_, option) => field.onChange(option?.compId ?? null)}
                onBlur={field.onBlur}
                getOptionLabel={(option) => option.compName}
                isOptionEqualToValue={(option, value) => option.compId === value.compId}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    label="Company"
                    autoFocus
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            )}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={!formState.isValid || setCompany.isPending}
          >
            Continue
          </Button>
        </Stack>
      </Box>
    </CenteredCard>
  );
}
