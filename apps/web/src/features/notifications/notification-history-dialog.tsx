import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_BUSINESS_TZ,
  formatDateTime,
  MESSAGES,
  readDeliveryResponse,
  type DeliveryAttemptFacts,
  type NotificationDetail,
  type NotificationHistoryRow,
} from '@tagih/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useNotification } from '../../api/get-notification.ts';
import { EMPTY_CELL } from '../../components/empty-cell.ts';
import { JsonText } from '../../components/json-text.tsx';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useIsMobile } from '../../hooks/use-is-mobile.ts';
import { NotificationDeliveryStatus, nextAttemptOf } from './notification-delivery.tsx';

/**
 * The spec's columns (Id, Notif Id, Request, Response, Created At), after the button that opens a
 * row: Request and Response read as one line each (the call; the answer's HTTP status, latency and
 * outcome), pretty JSON only when the row is opened.
 */
const COLUMNS = [
  { header: 'Detail', width: 44, hidden: true },
  { header: 'Id', width: { xs: 64, md: 80 } },
  { header: 'Notif Id', width: { xs: 72, md: 88 } },
  { header: 'Request', width: undefined },
  { header: 'Response', width: undefined },
  // On a narrow screen the day above the time.
  { header: 'Created At', width: { xs: 120, md: 168 } },
] as const;

const RESULT_TEXT = { delivered: 'Terkirim', failed: 'Gagal' } as const;

/** What one attempt came to, in words: its HTTP status and latency, then Terkirim, or Gagal and why. */
function responseLineOf(
  item: NotificationHistoryRow,
  facts: DeliveryAttemptFacts,
): { text: string; color: string } {
  const measured = [
    facts.httpStatus === null ? null : `HTTP ${facts.httpStatus}`,
    facts.latencyMs === null ? null : `${facts.latencyMs} ms`,
  ].filter((part) => part !== null);
  const line = (outcome: string) => [...measured, outcome].join(' · ');
  if (facts.delivered) return { text: line(RESULT_TEXT.delivered), color: 'success.dark' };
  if (facts.error) {
    // The error names the status too ('HTTP 500: …'): said once, at the start of the line.
    const why = facts.error.replace(/^HTTP \d{3}: /, '');
    return { text: line(`${RESULT_TEXT.failed}: ${why}`), color: 'error.main' };
  }
  return item.nohiResponse
    ? { text: line(RESULT_TEXT.failed), color: 'error.main' }
    : { text: EMPTY_CELL, color: 'text.secondary' };
}

/** The call in one line: method and address, else the stored text as it is. */
function requestLineOf(request: string | null): string {
  if (!request) return EMPTY_CELL;
  try {
    const call = JSON.parse(request) as { method?: unknown; url?: unknown };
    if (typeof call.url === 'string')
      return `${typeof call.method === 'string' ? call.method : 'POST'} ${call.url}`;
  } catch {
    // not JSON: shown as stored
  }
  return request;
}

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** One attempt: its ids, its call and what came of it in a line each, its time; the JSON when opened. */
function AttemptRows({ item }: { item: NotificationHistoryRow }) {
  const [open, setOpen] = useState(false);
  const facts = readDeliveryResponse(item.nohiResponse);
  const response = responseLineOf(item, facts);
  const request = requestLineOf(item.nohiRequest);
  const detailId = `notification-attempt-${item.nohiId}`;
  return (
    <>
      <TableRow sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}>
        <TableCell sx={{ px: 0.5 }}>
          <IconButton
            size="small"
            aria-label={`Request dan response #${item.nohiId}`}
            aria-expanded={open}
            aria-controls={open ? detailId : undefined}
            onClick={() => setOpen(!open)}
          >
            {open ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
          </IconButton>
        </TableCell>
        <TableCell>{item.nohiId}</TableCell>
        <TableCell>{item.nohiNotiId}</TableCell>
        <TableCell sx={oneLine} title={request}>
          {request}
        </TableCell>
        <TableCell sx={{ color: response.color, overflowWrap: 'anywhere' }}>
          {response.text}
        </TableCell>
        <TableCell>
          {formatDateTime(item.nohiCreatedTime, DEFAULT_BUSINESS_TZ) || EMPTY_CELL}
        </TableCell>
      </TableRow>
      {open && (
        <TableRow id={detailId}>
          <TableCell colSpan={COLUMNS.length} sx={{ pt: 0 }}>
            <Box
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
              }}
            >
              {(
                [
                  ['Request', item.nohiRequest],
                  ['Response', item.nohiResponse],
                ] as const
              ).map(([label, text]) => (
                <Box key={label} sx={{ minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary">
                    {label}
                  </Typography>
                  <JsonText text={text} label={`${label} #${item.nohiId}`} />
                </Box>
              ))}
            </Box>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** The notification the history is of: its id and order, status, attempts and next retry. */
function DeliverySummary({ notification }: { notification: NotificationDetail }) {
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1 }}
      aria-label="Ringkasan pengiriman"
      role="group"
    >
      <Typography variant="body2">
        Notif Id {notification.notiId} · Order Id {notification.notiOrderId ?? EMPTY_CELL}
      </Typography>
      <NotificationDeliveryStatus row={notification} />
      <Typography variant="body2" color="text.secondary">
        Percobaan: {notification.notiAttempts} · Coba lagi: {nextAttemptOf(notification).text}
      </Typography>
    </Box>
  );
}

/**
 * 'Notification History' (spec §2): every attempt of one notification, oldest first, unpaginated,
 * unsorted, as a table of what each came to; a row opens to its request and response, pretty.
 */
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
          <>
            <DeliverySummary notification={query.data} />
            <TableContainer sx={{ mt: 2 }}>
              <Table
                size="small"
                aria-label="Notification history"
                sx={{ tableLayout: 'fixed', minWidth: 640 }}
              >
                <TableHead>
                  <TableRow>
                    {COLUMNS.map((c) => (
                      <TableCell
                        key={c.header}
                        sx={{ fontWeight: 600, whiteSpace: 'nowrap', width: c.width }}
                      >
                        {'hidden' in c ? (
                          <Box component="span" sx={visuallyHidden}>
                            {c.header}
                          </Box>
                        ) : (
                          c.header
                        )}
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
                    <AttemptRows key={item.nohiId} item={item} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
