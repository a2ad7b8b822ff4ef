import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { alpha, type Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DEFAULT_BUSINESS_TZ, formatDateTime, MESSAGES, type AuditEventRow } from '@tagih/contract';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useAuditEvent } from '../../api/get-audit-event.ts';
import { EMPTY_CELL } from '../../components/data-table.tsx';
import { JsonText } from '../../components/json-text.tsx';
import { useIsMobile } from '../../hooks/use-is-mobile.ts';
import { fieldLabel, splitDetails, type ChangeRow } from './audit-details.ts';
import { AuditOutcomeChip } from './audit-outcome-chip.tsx';

const MONO = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 12,
} as const;
const WRAP = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2}T)(\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))$/;

/**
 * A value of the details: text as it is (a stored instant may break after its date, not in
 * the middle of a number), JSON indented, N/A when there is none.
 */
function DetailValue({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <>{EMPTY_CELL}</>;
  if (typeof value === 'object') return <JsonText text={JSON.stringify(value)} />;
  const text = String(value);
  const instant = ISO_INSTANT.exec(text);
  if (instant) {
    return (
      <Box
        component="span"
        sx={{ display: 'inline-block', overflowWrap: 'normal', wordBreak: 'normal' }}
      >
        {instant[1]}
        <wbr />
        {instant[2]}
      </Box>
    );
  }
  return <>{text}</>;
}

/** Field name under its label, so that both readers (people and the CSV) find it. */
function FieldName({ name }: { name: string }) {
  const label = fieldLabel(name);
  return (
    <>
      {label}
      {label !== name && (
        <Typography component="span" color="text.secondary" sx={{ ...MONO, display: 'block' }}>
          {name}
        </Typography>
      )}
    </>
  );
}

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

/** What happened, shown first; the technical record (user agent, hash chain) comes last. */
const SUMMARY_FIELDS = [
  'audtId',
  'audtAt',
  'audtActorUsername',
  'audtActorUserId',
  'audtAction',
  'audtOutcome',
  'audtTargetType',
  'audtTargetId',
  'audtCompId',
  'audtIp',
] as const satisfies readonly (keyof AuditEventRow)[];
const RECORD_FIELDS = [
  'audtUserAgent',
  'audtPrevHash',
  'audtHash',
] as const satisfies readonly (keyof AuditEventRow)[];

/** The given stored fields of the event, as label / value. */
function eventFields(event: AuditEventRow, names: readonly (keyof AuditEventRow)[]) {
  const shown = (name: keyof AuditEventRow): ReactNode => {
    const value = event[name];
    if (value === null || value === '') return EMPTY_CELL;
    switch (name) {
      case 'audtAt':
        return (
          <>
            {formatDateTime(event.audtAt, DEFAULT_BUSINESS_TZ)} ({DEFAULT_BUSINESS_TZ})
            <Typography component="span" color="text.secondary" sx={{ ...MONO, display: 'block' }}>
              {event.audtAt}
            </Typography>
          </>
        );
      case 'audtOutcome':
        return <AuditOutcomeChip outcome={event.audtOutcome} />;
      case 'audtPrevHash':
      case 'audtHash':
        return (
          <Box component="span" sx={MONO}>
            {String(value)}
          </Box>
        );
      default:
        return String(value);
    }
  };
  return names.map((name) => ({ key: name, name: fieldLabel(name), value: shown(name) }));
}

/** Field, Before, After; changed rows highlighted. */
function ChangesTable({ changes }: { changes: ChangeRow[] }) {
  const highlight = { bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.18) };
  return (
    <TableContainer>
      <Table size="small" aria-label="Changes" sx={{ tableLayout: 'fixed', minWidth: 420 }}>
        <TableHead>
          <TableRow>
            {['Field', 'Before', 'After'].map((header) => (
              <TableCell
                key={header}
                sx={{ fontWeight: 600, width: header === 'Field' ? '28%' : '36%' }}
              >
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((change) => (
            <TableRow
              key={change.field}
              data-changed={change.changed}
              sx={{ verticalAlign: 'top' }}
            >
              <TableCell sx={WRAP}>
                <FieldName name={change.field} />
              </TableCell>
              <TableCell sx={{ ...WRAP, ...(change.changed ? highlight : {}) }}>
                <DetailValue value={change.before} />
              </TableCell>
              <TableCell
                sx={{ ...WRAP, ...(change.changed ? { ...highlight, fontWeight: 500 } : {}) }}
              >
                <DetailValue value={change.after} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A two-column table: label, value. */
function KeyValueTable({
  label,
  rows,
}: {
  label: string;
  rows: { key: string; name: ReactNode; value: ReactNode }[];
}) {
  return (
    <Table size="small" aria-label={label} sx={{ tableLayout: 'fixed' }}>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key} sx={{ verticalAlign: 'top' }}>
            <TableCell
              component="th"
              scope="row"
              sx={{ width: { xs: '38%', sm: '28%' }, fontWeight: 500, ...WRAP }}
            >
              {row.name}
            </TableCell>
            <TableCell sx={WRAP}>{row.value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function EventDetail({ event }: { event: AuditEventRow }) {
  const { changes, others } = splitDetails(event.audtDetails);
  return (
    <>
      <KeyValueTable label="Event" rows={eventFields(event, SUMMARY_FIELDS)} />
      {changes && (
        <>
          <SectionTitle>Changes</SectionTitle>
          <ChangesTable changes={changes} />
        </>
      )}
      {/* A change alone needs no empty Details section. */}
      {(others.length > 0 || !changes) && <SectionTitle>Details</SectionTitle>}
      {others.length > 0 ? (
        <KeyValueTable
          label="Details"
          rows={others.map(([key, value]) => ({
            key,
            name: <FieldName name={key} />,
            value: <DetailValue value={value} />,
          }))}
        />
      ) : (
        !changes && (
          <Typography variant="body2" color="text.secondary">
            No details.
          </Typography>
        )
      )}
      <SectionTitle>Record</SectionTitle>
      <KeyValueTable label="Record" rows={eventFields(event, RECORD_FIELDS)} />
    </>
  );
}

export interface AuditDetailDialogProps {
  /** The list's row to show (the server's copy replaces it once read); null: closed. */
  event: AuditEventRow | null;
  onClose: () => void;
}

/**
 * One audit event: every field, a master change's before and after side by side, and the
 * other details. Reading it goes through GET /audit/{id}, which the server records.
 */
export function AuditDetailDialog({ event, onClose }: AuditDetailDialogProps) {
  const isMobile = useIsMobile();
  // Keep showing the last event while the dialog fades out.
  const [shown, setShown] = useState(event);
  if (event !== null && event !== shown) setShown(event);
  const query = useAuditEvent(event ? event.audtId : null, shown ?? undefined);
  const data = query.data ?? shown;
  return (
    <Dialog
      open={event !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={isMobile}
      aria-labelledby="audit-detail-title"
    >
      <DialogTitle id="audit-detail-title" sx={{ pb: 0 }}>
        Audit Event {data ? `#${data.audtId}` : ''}
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block', ...WRAP }}
        >
          {data?.audtAction}
        </Typography>
      </DialogTitle>
      <DialogContent sx={{ pt: 2 }}>
        {query.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(query.error, MESSAGES.unknownError)}
          </Alert>
        )}
        {data && (
          <Box sx={{ mt: 2 }}>
            <EventDetail event={data} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
