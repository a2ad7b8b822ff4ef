import VpnKeyIcon from '@mui/icons-material/VpnKey';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { can, CLIENT_API_AREA } from '@tagih/contract';
import { useMemo, useState } from 'react';
import { useAccess, useIsSuperadmin } from '../../api/get-status.ts';
import { ClientApiDialog } from './client-api-dialog.tsx';
import { clientsConfig } from './configs/clients.ts';
import type { RowActions } from './master-columns.tsx';
import type { MasterRow } from './master-config.ts';
import { MasterListScreen } from './master-list-screen.tsx';

const NO_ACTIONS: RowActions = {};

/**
 * Client: the clients, listed only, with their API client id; a Superadmin, or a holder of
 * master_client_api.update, gets the row action "API access" (ClientApiDialog). The server
 * enforces the same and more (only the clients of one's own companies).
 */
export function ClientsScreen() {
  const { access } = useAccess();
  const isSuperadmin = useIsSuperadmin();
  const mayManage = isSuperadmin || can(access, CLIENT_API_AREA, 'update');
  const [target, setTarget] = useState<MasterRow | null>(null);
  const actions = useMemo<RowActions>(
    () =>
      mayManage
        ? {
            more: {
              slots: 1,
              render: (row) => (
                <Tooltip title="API access">
                  <IconButton
                    size="small"
                    color="primary"
                    aria-label="API access"
                    onClick={() => setTarget(row)}
                  >
                    <VpnKeyIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ),
            },
          }
        : NO_ACTIONS,
    [mayManage],
  );
  return (
    <MasterListScreen config={clientsConfig} actions={actions}>
      {target && (
        <ClientApiDialog
          key={String(target.clntid)}
          client={target}
          onClose={() => setTarget(null)}
        />
      )}
    </MasterListScreen>
  );
}
