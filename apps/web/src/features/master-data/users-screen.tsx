import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { can, DEFAULT_BUSINESS_TZ, formatDateTime, MESSAGES, userResource } from '@tagih/contract';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useAccess, useIsSuperadmin } from '../../api/get-status.ts';
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

/**
 * User Management: the generic master screen, plus the sign-in lockout: a 'Locked' tag on
 * locked users and, for a Superadmin who may update users, Unlock (asked first; the server
 * refuses anyone else with 403, whose message the failure toast shows).
 */
export function UsersScreen() {
  const { access } = useAccess();
  const isSuperadmin = useIsSuperadmin();
  const canUnlock = isSuperadmin && can(access, userResource.access.write, 'update');
  const unlock = useUnlockUser();
  const [target, setTarget] = useState<MasterRow | null>(null);

  const table = useMemo<MasterScreenExtras>(
    () => ({
      cellAddons: { userStatus: (row) => <LockedTag row={row} /> },
      rowActions: canUnlock
        ? {
            slots: 1,
            render: (row) =>
              lockedUntil(row) ? (
                <Tooltip title="Unlock">
                  <IconButton size="small" color="primary" aria-label="Unlock" onClick={() => setTarget(row)}>
                    <LockOpenIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : null,
          }
        : undefined,
    }),
    [canUnlock],
  );

  const userId = target ? String(target.userId) : '';
  const confirm = () => {
    if (!target) return;
    unlock.mutate(userId, {
      onSuccess: () => notify.success(MESSAGES.userUnlocked),
      onError: (error) => notify.error(MESSAGES.userUnlockFailed, errorMessage(error, MESSAGES.unknownError)),
      onSettled: () => setTarget(null),
    });
  };

  return (
    <MasterScreen
      config={usersConfig}
      extras={{
        ...table,
        dialogs: (
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
        ),
      }}
    />
  );
}
