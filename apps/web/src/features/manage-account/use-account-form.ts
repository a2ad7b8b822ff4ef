import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountLoginForm,
  DEFAULT_PASSWORD_POLICY,
  MESSAGES,
  policyAsksCurrentPassword,
  type AccountLoginBody,
} from '@tagih/contract';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { useStatus } from '../../api/get-status.ts';
import { useLogout } from '../../api/logout.ts';
import { expectSessionEnd } from '../../api/session.ts';
import { useUpdateAccount } from '../../api/update-account.ts';
import { notify } from '../../components/notify.tsx';
import { useEndSession } from '../../hooks/use-end-session.ts';
import { useSingleFlight } from '../../hooks/use-single-flight.ts';
import { useUsernameCheck } from './use-username-check.ts';

type AccountValues = z.input<ReturnType<typeof accountLoginForm>>;
type FieldName = 'usloUserName' | 'usloPassword' | 'currentPassword';
const EMPTY = { usloPassword: '', currentPassword: '' };

/** The field errors of a refused save (`data.errors`), for the fields this form has. */
function fieldErrors(error: ApiError): [FieldName, string][] {
  const errors =
    (error.envelope?.data as { errors?: Record<string, string> } | null | undefined)?.errors ?? {};
  return Object.entries(errors).filter((e): e is [FieldName, string] =>
    ['usloUserName', 'usloPassword', 'currentPassword'].includes(e[0]),
  );
}

/**
 * Manage Account state: current values from the status, checks, save and reset (spec §2, §4).
 * The checks are the server's PASSWORD_POLICY (from the status): under `pci` the password rules
 * and the current password; what only the server knows (history, common list) comes back under
 * the field.
 */
export function useAccountForm() {
  const status = useStatus();
  const current = status.data?.username ?? '';
  const policy = status.data?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  const update = useUpdateAccount();
  const saving = useSingleFlight();
  const logout = useLogout();
  const endSession = useEndSession();
  const schema = useMemo(() => accountLoginForm(policy, current), [policy, current]);
  const form = useForm<AccountValues, unknown, AccountLoginBody>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { usloUserName: '', ...EMPTY },
  });
  const { reset, watch, formState } = form;

  // The status arrives after the screen: what the user already typed stays (keepDirtyValues).
  useEffect(() => {
    if (current) reset({ usloUserName: current, ...EMPTY }, { keepDirtyValues: true });
  }, [current, reset]);

  const typed = watch('usloUserName');
  const password = watch('usloPassword');
  const uniqueness = useUsernameCheck(typed, current);
  const changed = typed !== current || Boolean(password);
  // The current password is asked for (pci) as soon as something changes: say so under its field.
  const asksCurrent = policyAsksCurrentPassword(policy);
  useEffect(() => {
    if (asksCurrent && changed) void form.trigger('currentPassword');
  }, [asksCurrent, changed, form]);
  const canSave =
    formState.isValid && changed && !uniqueness.error && !uniqueness.checking && !saving.running;

  const send = form.handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
    } catch (error) {
      if (error instanceof ApiError && error.isServerAnswer) {
        if (error.httpStatus === 409)
          uniqueness.reject(body.usloUserName, error.message || MESSAGES.usernameTaken);
        for (const [field, message] of fieldErrors(error)) form.setError(field, { message });
        notify.error(MESSAGES.accountUpdateFailed);
      } else {
        notify.error(MESSAGES.accountUpdateError);
      }
      return;
    }
    // The server has ended every session of the user: the calls still under way answer 401,
    // which is this save's doing, not an expired session (one toast: 'Please relogin.').
    expectSessionEnd();
    notify.success(MESSAGES.accountUpdated);
    await logout.mutateAsync().catch(() => undefined);
    await endSession();
  });
  // Saved once per Save, however often it is clicked (or Enter pressed) while the save runs.
  const save = saving.submit(send);

  const resetForm = async () => {
    const fresh = await status.refetch();
    reset({ usloUserName: fresh.data?.username ?? current, ...EMPTY });
  };

  return {
    form,
    status,
    policy,
    canSave,
    save,
    resetForm,
    usernameError: uniqueness.error,
    saving: saving.running,
  };
}
