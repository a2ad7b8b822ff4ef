import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { can, DEFAULT_BUSINESS_TZ, formatDateTime, MESSAGES, userResource } from '@tagih/contract';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useAccess, useIsSuperadmin } from '../../api/get-status.ts';
import { useResetTwoFactor } from '../../api/reset-two-factor.ts';
import { useUnlockUser } from '../../api/unlock-user.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { notify } from '../../components/notify.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { usersConfig } from './configs/users.ts';
import type { MasterRow } from './master-config.ts';
import { MasterScreen, type MasterScreenExtras } from './master-screen.tsx';

/** Set by the server while a sign-in lockout is in force (10 failures: 30 minutes). */
const lockedUntil = (row: MasterRow): string | null =>
  typeof row.userLockedUntil === 'string' && row.userLockedUntil ? row.userLockedUntil : null;

/** Set by the server when the user's two-factor sign-in is on. */
const twoFactorOn = (row: MasterRow): boolean => row.userTwoFactor === true;

/** '2FA' after the status of a user with two-factor on. */
function TwoFactorTag({ row }: { row: MasterRow }) {
  if (!twoFactorOn(row)) return null;
  return (
    <Tooltip title="Two-factor sign-in is on">
      <span>
        <StatusChip label="2FA" color="success" variant="outlined" />
      </span>
    </Tooltip>
  );
}

/** 'Locked' after the status of a locked user; the end of the lockout on hover. */
function LockedTag({ row }: { row: MasterRow }) {
  const until = lockedUntil(row);
  if (!until) return null;
  return (
    <Tooltip title={`Sign-in locked until ${formatDateTime(until, DEFAULT_BUSINESS_TZ)}`}>
      <span>
        <StatusChip label="Locked" color="error" variant="outlined" icon={<LockIcon />} />
      </span>
    </Tooltip>
  );
}

/** A confirmed action on a user: the call, its toast either way, then the question closes. */
async function confirmed(
  call: Promise<unknown>,
  texts: { done: string; failed: string },
  close: () => void,
): Promise<void> {
  try {
    await call;
    notify.success(texts.done);
  } catch (error) {
    notify.error(texts.failed, errorMessage(error, MESSAGES.unknownError));
  }
  close();
}

/**
 * User Management: the generic master screen, plus the sign-in lockout: a 'Locked' tag on
 * locked users and, for a Superadmin who may update users, Unlock (asked first; the server
 * refuses anyone else with 403, whose message the failure toast shows); and two-factor: a
 * '2FA' tag and, for the same Superadmin, Reset two-factor (asked first, recorded by the server).
 */
export function UsersScreen() {
  const { access } = useAccess();
  const isSuperadmin = useIsSuperadmin();
  const canUnlock = isSuperadmin && can(access, userResource.access.write, 'update');
  const unlock = useUnlockUser();
  const resetTwoFactor = useResetTwoFactor();
  const [target, setTarget] = useState<MasterRow | null>(null);
  const [resetTarget, setResetTarget] = useState<MasterRow | null>(null);

  const table = useMemo<MasterScreenExtras>(
    () => ({
      cellAddons: {
        userStatus: (row) => (
          <>
            <LockedTag row={row} />
            <TwoFactorTag row={row} />
          </>
        ),
      },
      rowActions: canUnlock
        ? {
            slots: 2,
            render: (row) => (
              <>
                {lockedUntil(row) ? (
                  <Tooltip title="Unlock">
                    <IconButton
                      size="small"
                      color="primary"
                      aria-label="Unlock"
                      onClick={() => setTarget(row)}
                    >
                      <LockOpenIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
                {twoFactorOn(row) ? (
                  <Tooltip title="Reset two-factor">
                    <IconButton
                      size="small"
                      color="warning"
                      aria-label="Reset two-factor"
                      onClick={() => setResetTarget(row)}
                    >
                      <PhonelinkEraseIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
              </>
            ),
          }
        : undefined,
    }),
    [canUnlock],
  );

  const userId = target ? String(target.userId) : '';
  const confirm = () =>
    target
      ? confirmed(
          unlock.mutateAsync(userId),
          { done: MESSAGES.userUnlocked, failed: MESSAGES.userUnlockFailed },
          () => setTarget(null),
        )
      : undefined;

  const resetUserId = resetTarget ? String(resetTarget.userId) : '';
  const confirmReset = () =>
    resetTarget
      ? confirmed(
          resetTwoFactor.mutateAsync(resetUserId),
          { done: MESSAGES.twoFactorReset, failed: MESSAGES.twoFactorResetFailed },
          () => setResetTarget(null),
        )
      : undefined;

  return (
    <MasterScreen
      config={usersConfig}
      extras={{
        ...table,
        dialogs: (
          <>
            <ConfirmDialog
              open={target !== null}
              title="Unlock User"
              text={`Unlock sign-in for ${userId}?`}
              confirmLabel="Unlock"
              busyLabel="Unlocking.."
              busy={unlock.isPending}
              onCancel={() => setTarget(null)}
              onConfirm={confirm}
            />
            <ConfirmDialog
              open={resetTarget !== null}
              title="Reset Two-factor"
              text={`Turn off two-factor sign-in for ${resetUserId}? They sign in with the password alone until they set it up again.`}
              confirmLabel="Reset"
              busyLabel="Resetting.."
              busy={resetTwoFactor.isPending}
              onCancel={() => setResetTarget(null)}
              onConfirm={confirmReset}
            />
          </>
        ),
      }}
    />
  );
}
