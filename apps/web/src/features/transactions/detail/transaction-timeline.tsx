import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import {
  DEFAULT_BUSINESS_TZ,
  dashboardUrl,
  formatDateTime,
  reconBreakUrl,
  type TimelineEntry,
} from '@tagih/contract';
import { Link as RouterLink } from 'react-router';
import { JsonText } from '../../../components/json-text.tsx';
import { entryText, type Tone } from './timeline-entry-text.ts';

const DOT: Record<Tone, string> = {
  neutral: 'grey.500',
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  info: 'info.main',
};

/** Request and answer of an entry that has them, each in a readable block. */
function Payloads({ entry }: { entry: TimelineEntry }) {
  const blocks: { label: string; text: string | null }[] = [];
  if (entry.type === 'inquiry')
    blocks.push({ label: 'Request ke bank', text: JSON.stringify(entry.request) });
  if (entry.type === 'notification') {
    blocks.push(
      { label: 'Request ke merchant', text: entry.request },
      { label: 'Response merchant', text: entry.response },
    );
  }
  if (entry.type === 'operator' && Object.keys(entry.details).length > 0)
    blocks.push({ label: 'Detail audit', text: JSON.stringify(entry.details) });
  if (blocks.length === 0) return null;
  return (
    <Box
      component="details"
      sx={{ mt: 0.5, '& > summary': { cursor: 'pointer', fontSize: 13, color: 'text.secondary' } }}
    >
      <summary>Lihat detail</summary>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          mt: 1,
          gridTemplateColumns: { xs: '1fr', lg: blocks.length > 1 ? '1fr 1fr' : '1fr' },
        }}
      >
        {blocks.map((block) => (
          <Box key={block.label} sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary">
              {block.label}
            </Typography>
            <JsonText text={block.text} label={block.label} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The matched statement line's place in Rekonsiliasi: its break, else the statements (reconciliation.read: the server sends the entry only then). */
function StatementLink({ entry }: { entry: Extract<TimelineEntry, { type: 'statement' }> }) {
  const to =
    entry.rbrkId !== null
      ? reconBreakUrl(entry.rbrkId)
      : `${dashboardUrl('reconciliation')}?tab=statements`;
  return (
    <Link component={RouterLink} to={to} variant="body2" underline="hover">
      {entry.rbrkId !== null ? `Lihat selisih #${entry.rbrkId}` : 'Lihat mutasi bank'}
    </Link>
  );
}

/** The transaction's story in time order (oldest first): one line per event, details on demand. */
export function TransactionTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="timeline-heading" sx={{ p: 2 }}>
      <Typography
        id="timeline-heading"
        variant="subtitle1"
        component="h2"
        sx={{ fontWeight: 600, mb: 1 }}
      >
        Riwayat
      </Typography>
      <Box component="ol" aria-label="Riwayat transaksi" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {entries.map((entry) => {
          const { title, facts, tone } = entryText(entry);
          const key = `${entry.type}-${'id' in entry ? entry.id : entry.at}`;
          return (
            <Box
              component="li"
              key={key}
              data-type={entry.type}
              sx={{
                position: 'relative',
                pl: 3,
                pb: 2,
                borderLeft: 2,
                borderColor: 'divider',
                ml: 1,
                '&:last-of-type': { pb: 0 },
              }}
            >
              <Box
                aria-hidden="true"
                sx={{
                  position: 'absolute',
                  left: -7,
                  top: 4,
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: DOT[tone],
                }}
              />
              <Typography
                variant="caption"
                color="text.secondary"
                component="time"
                dateTime={entry.at}
                sx={{ display: 'block' }}
              >
                {formatDateTime(entry.at, DEFAULT_BUSINESS_TZ)}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {title}
              </Typography>
              {facts.length > 0 && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {facts.join(' · ')}
                </Typography>
              )}
              {entry.type === 'statement' && <StatementLink entry={entry} />}
              <Payloads entry={entry} />
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
