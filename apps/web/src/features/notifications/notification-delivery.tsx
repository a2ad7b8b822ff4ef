/**
 * How a notification's delivery reads on the Notifications screen (issue 35 item 7): the status
 * chip of the spec with, while the merchant has not taken it, a chip of the failed attempts; the
 * last attempt's outcome; the next retry. The row carries them (notiAttempts, notiLastHttpStatus,
 * notiLastError, notiNextAttemptAt), kept by the server with each attempt.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  DEFAULT_BUSINESS_TZ,
  NOTI_STATUS,
  formatDateTime,
  type NotificationRow,
} from '@tagih/contract';
import { CutText } from '../../components/cut-text.tsx';
import { EMPTY_CELL } from '../../components/empty-cell.ts';
import { StatusChip } from '../../components/status-chip.tsx';
import { NotificationStatusChip } from '../../monitoring/notification-status-chip.tsx';

type Delivery = Pick<
  NotificationRow,
  'notiStatus' | 'notiAttempts' | 'notiNextAttemptAt' | 'notiLastHttpStatus' | 'notiLastError'
>;

export const DELIVERY_TEXT = {
  /** The chip beside Pending once an attempt has failed. */
  failed: (attempts: number) => `Gagal · ${attempts}x`,
  notSent: 'Belum dikirim',
  givenUp: 'Tidak dicoba lagi',
  httpStatus: (status: number) => `HTTP ${status}`,
} as const;

/** Still pending after at least one attempt: every attempt so far failed. */
export const isFailing = (row: Delivery): boolean =>
  row.notiStatus === NOTI_STATUS.PENDING && row.notiAttempts > 0;

/** Failing and no retry planned: the schedule is used up (the work queue "Perlu tindakan"). */
export const isGivenUp = (row: Delivery): boolean => isFailing(row) && !row.notiNextAttemptAt;

const CHIPS_SX = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 } as const;
// The warning colour, with the text dark enough to read on white (warning.main is not).
const RETRYING_SX = {
  fontWeight: 500,
  color: 'warning.dark',
  borderColor: 'warning.main',
} as const;

/** Notif Status: Pending / Sukses (spec §2), and "Gagal · 3x" beside a failing one: amber while retries remain, red once given up. */
export function NotificationDeliveryStatus({ row }: { row: Delivery }) {
  return (
    <Box sx={CHIPS_SX}>
      <NotificationStatusChip status={row.notiStatus} />
      {isFailing(row) &&
        (isGivenUp(row) ? (
          <StatusChip label={DELIVERY_TEXT.failed(row.notiAttempts)} color="error" />
        ) : (
          <Chip
            size="small"
            variant="outlined"
            label={DELIVERY_TEXT.failed(row.notiAttempts)}
            sx={RETRYING_SX}
          />
        ))}
    </Box>
  );
}

/** What the last attempt came to: "HTTP 200", or why it failed (the whole text on hover). */
export function LastAttempt({ row }: { row: Delivery }) {
  if (row.notiAttempts === 0)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {DELIVERY_TEXT.notSent}
      </Box>
    );
  if (row.notiLastError)
    return (
      // A merchant's answer may be one long word (JSON): broken anywhere, two lines at most.
      <Box sx={{ color: 'error.main', lineHeight: 1.3, overflowWrap: 'anywhere' }}>
        <CutText text={row.notiLastError} wrap />
      </Box>
    );
  if (row.notiLastHttpStatus === null) return <>{EMPTY_CELL}</>;
  return (
    <Box component="span" sx={{ color: 'success.dark' }}>
      {DELIVERY_TEXT.httpStatus(row.notiLastHttpStatus)}
    </Box>
  );
}

/** When the next attempt is due; "Tidak dicoba lagi" once the retries are used up; N/A when delivered. */
export function nextAttemptOf(row: Delivery): { text: string; givenUp: boolean } {
  if (row.notiStatus !== NOTI_STATUS.PENDING) return { text: EMPTY_CELL, givenUp: false };
  if (isGivenUp(row)) return { text: DELIVERY_TEXT.givenUp, givenUp: true };
  return {
    text: formatDateTime(row.notiNextAttemptAt, DEFAULT_BUSINESS_TZ) || EMPTY_CELL,
    givenUp: false,
  };
}

/** The next attempt in a table cell: the day above the time, like the other dates. */
export function NextAttempt({ row }: { row: Delivery }) {
  const next = nextAttemptOf(row);
  return (
    <Box sx={{ color: next.givenUp ? 'error.main' : undefined }}>
      <CutText text={next.text} wrap />
    </Box>
  );
}
