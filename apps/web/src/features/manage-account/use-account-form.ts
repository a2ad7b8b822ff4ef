import { zodResolver } from '@hookform/resolvers/zod';
import { accountLoginBody, MESSAGES, type AccountLoginBody } from '@tagih/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { useStatus } from '../../api/get-status.ts';
import { useLogout } from '../../api/logout.ts';
import { useUpdateAccount } from '../../api/update-account.ts';
import { notify } from '../../components/notify.tsx';
import { useEndSession } from '../../hooks/use-end-session.ts';
import { useUsernameCheck } from './use-username-check.ts';

type AccountValues = z.input<typeof accountLoginBody>;

/** Manage Account state: current values from the status, checks, save and reset (spec §2, §4). */
export function useAccountForm() {
  const status = useStatus();
  const current = status.data?.username ?? '';
  const update = useUpdateAccount();
  const logout = useLogout();
  const endSession = useEndSession();
  const form = useForm<AccountValues, unknown, AccountLoginBody>({
    resolver: zodResolver(accountLoginBody),
    mode: 'onChange',
    defaultValues: { usloUserName: '', usloPassword: '' },
  });
  const { reset, watch, formState } = form;

  useEffect(() => {
    if (current) reset({ usloUserName: current, usloPassword: '' });
  }, [current, reset]);

  const typed = watch('usloUserName');
  const password = watch('usloPassword');
  const uniqueness = useUsernameCheck(typed, current);
  const changed = typed !== current || Boolean(password);
  const canSave =
    formState.isValid && changed && !uniqueness.error && !uniqueness.checking && !update.isPending;

  const save = form.handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
    } catch (error) {
      if (error instanceof ApiError && error.isServerAnswer) {
        if (error.httpStatus === 409)
          uniqueness.reject(body.usloUserName, error.message || MESSAGES.usernameTaken);
        notify.error(MESSAGES.accountUpdateFailed);
      } else {
        notify.error(MESSAGES.accountUpdateError);
      }
      return;
    }
    notify.success(MESSAGES.accountUpdated);
    await logout.mutateAsync().catch(() => undefined); // the server has already revoked the session
    await endSession();
  });

  const resetForm = async () => {
    const fresh = await status.refetch();
    reset({ usloUserName: fresh.data?.username ?? current, usloPassword: '' });
  };

  return {
    form,
    status,
    canSave,
    save,
    resetForm,
    usernameError: uniqueness.error,
    saving: update.isPending,
  };
}
