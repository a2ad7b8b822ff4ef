import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DEFAULT_BUSINESS_TZ, formatDateTime, MESSAGES } from '@tagih/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useNotification } from '../../api/get-notification.ts';
import { JsonText } from '../../components/json-text.tsx';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { useIsMobile } from '../../hooks/use-is-mobile.ts';

/** Header and column width (auto: Request and Response share the rest). */
const COLUMNS = [
  { header: 'Id', width: 64 },
  { header: 'Notif Id', width: 84 },
  { header: 'Request', width: undefined },
  { header: 'Response', width: undefined },
  { header: 'Created At', width: 180 },
] as const;

/** 'Notification History': every attempt of one notification, unpaginated, unsorted (spec §2). */
export function NotificationHistoryDialog({
  notiId,
  onClose,
}: {
  notiId: number | null;
  onClose: () => void;
}) {
  const isMobile = useIsMobile();
  // Keep showing the last notification while the dialog fades out.
  const [shown, setShown] = useState(notiId);
  if (notiId !== null && notiId !== shown) setShown(notiId);
  const query = useNotification(shown);
  const history = query.data?.notification_history ?? [];
  return (
    <Dialog
      open={notiId !== null}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={isMobile}
      aria-labelledby="notification-history-title"
    >
      <DialogTitle id="notification-history-title" sx={{ pb: 0 }}>
        Notification History
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          See history of a notification data.
        </Typography>
      </DialogTitle>
      <DialogContent sx={{ pt: 2 }}>
        {query.isPending ? (
          <LoadingSpinner />
        ) : query.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(query.error, MESSAGES.unknownError)}
          </Alert>
        ) : (
          <TableContainer sx={{ mt: 2 }}>
            <Table
              size="small"
              aria-label="Notification history"
              sx={{ tableLayout: 'fixed', minWidth: 700 }}
            >
              <TableHead>
                <TableRow>
                  {COLUMNS.map(({ header, width }) => (
                    <TableCell key={header} sx={{ fontWeight: 600, whiteSpace: 'nowrap', width }}>
                      {header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {history.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length} align="center">
                      {MESSAGES.noData}
                    </TableCell>
                  </TableRow>
                )}
                {history.map((item) => (
                  <TableRow key={item.nohiId} sx={{ verticalAlign: 'top' }}>
                    <TableCell>{item.nohiId}</TableCell>
                    <TableCell>{item.nohiNotiId}</TableCell>
                    <TableCell>
                      <JsonText text={item.nohiRequest} />
                    </TableCell>
                    <TableCell>
                      <JsonText text={item.nohiResponse} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(item.nohiCreatedTime, DEFAULT_BUSINESS_TZ) || 'N/A'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
