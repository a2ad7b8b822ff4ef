import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  clientApiAccessBody,
  DEFAULT_BUSINESS_TZ,
  DIALOG_WIDTH,
  formatDateTime,
  MESSAGES,
  type ClientApiAccess,
} from '@tagih/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useGiveApiAccess, useRevokeApiAccess } from '../../api/client-api-access.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { notify } from '../../components/notify.tsx';
import { useSingleFlight } from '../../hooks/use-single-flight.ts';
import type { MasterRow } from './master-config.ts';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function Shown({
  label,
  value,
  secret = false,
}: {
  label: string;
  value: string;
  secret?: boolean;
}) {
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography
          component="code"
          aria-label={label}
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        >
          {value}
        </Typography>
        <CopyButton label={label} value={value} secret={secret} />
      </Box>
    </Box>
  );
}

/**
 * A client's SNAP API access (Client screen, row action "API access"): paste its RSA public key to
 * give access, or to replace key and secret; the client id and the secret then show once, with copy
 * buttons; Revoke asks first. The server decides who may (Superadmin or master_client_api.update)
 * and records every step; its refusal shows here and in a toast.
 */
export function ClientApiDialog({ client, onClose }: { client: MasterRow; onClose: () => void }) {
  const clntid = Number(client.clntid);
  const name = String(client.clntName ?? clntid);
  const clientId = text(client.clsnClientId);
  const since = text(client.clsnUpdatedTime);
  const give = useGiveApiAccess();
  const revoke = useRevokeApiAccess();
  const [publicKey, setPublicKey] = useState('');
  const [issued, setIssued] = useState<ClientApiAccess | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const valid = clientApiAccessBody.safeParse({ publicKey }).success;
  const giving = useSingleFlight();
  const busy = giving.running || revoke.isPending;

  // Once per click, however often it is clicked while the key is sent: one key, one secret.
  const submit = () =>
    giving.run(async () => {
      setRefusal(null);
      try {
        setIssued(await give.mutateAsync({ clntid, publicKey }));
        notify.success(MESSAGES.clientApiIssued);
      } catch (error) {
        const message = errorMessage(error, MESSAGES.unknownError);
        setRefusal(message);
        notify.error(MESSAGES.clientApiIssueFailed, message);
      }
    });
  const confirmRevoke = async () => {
    try {
      await revoke.mutateAsync(clntid);
      notify.success(MESSAGES.clientApiRevoked);
      onClose();
    } catch (error) {
      notify.error(MESSAGES.clientApiRevokeFailed, errorMessage(error, MESSAGES.unknownError));
    }
    setAsking(false);
  };

  return (
    <>
      <Dialog
        open
        onClose={busy ? undefined : onClose}
        aria-labelledby="client-api-title"
        slotProps={{ paper: { sx: { width: DIALOG_WIDTH.genericForm, maxWidth: '100%' } } }}
      >
        <DialogTitle id="client-api-title" sx={{ pb: 0 }}>
          API Access
          <Typography variant="body2" color="text.secondary">
            {name}
          </Typography>
        </DialogTitle>
        <DialogContent>
          {issued ? (
            <>
              <Alert severity="warning" sx={{ mt: 1 }}>
                {MESSAGES.clientApiIssued}
              </Alert>
              <Shown label="Client ID" value={issued.clientId} />
              <Shown label="Client Secret" value={issued.clientSecret} secret />
            </>
          ) : (
            <>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {clientId
                  ? `Client ID ${clientId}${since ? `, since ${formatDateTime(since, DEFAULT_BUSINESS_TZ)}` : ''}. A new key replaces the key and the secret; the client id stays.`
                  : 'No API access yet. Paste the merchant’s RSA public key (2048 bits or more) to give it a client id and a client secret.'}
              </Typography>
              <TextField
                label="Public Key (PEM)"
                placeholder="-----BEGIN PUBLIC KEY-----"
                value={publicKey}
                onChange={(event) => setPublicKey(event.target.value)}
                error={refusal !== null}
                helperText={refusal ?? ' '}
                multiline
                minRows={6}
                fullWidth
                margin="normal"
                slotProps={{
                  htmlInput: {
                    spellCheck: false,
                    style: { fontFamily: 'monospace', fontSize: 12 },
                  },
                }}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          {issued ? (
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          ) : (
            <>
              {clientId && (
                <Button
                  color="error"
                  onClick={() => setAsking(true)}
                  disabled={busy}
                  sx={{ mr: 'auto' }}
                >
                  Revoke
                </Button>
              )}
              <Button color="inherit" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button variant="contained" onClick={submit} disabled={!valid || busy}>
                {giving.running ? 'Saving..' : clientId ? 'Replace Key and Secret' : 'Give Access'}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={asking}
        title="Revoke API Access"
        text={`Revoke the API access of ${name}? Its tokens end at once and its calls are refused.`}
        confirmLabel="Revoke"
        busyLabel="Revoking.."
        confirmColor="error"
        busy={revoke.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={confirmRevoke}
      />
    </>
  );
}
