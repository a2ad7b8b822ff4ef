/**
 * A break as the API gives it: money as 2-decimal rupiah, its age in days, and why it did not
 * match as the screen shows it ("nominal: 150.000,00 vs 150.001,00": the bank's value first; the
 * words from the contract's recon-text.ts).
 */
import {
  BREAK_MONEY_FIELDS,
  RECON_DIFFERENCE_FIELD_LABEL,
  RECON_DIFFERENCE_TEXT,
  breakResource,
  businessDate,
  formatMinorIdr,
  minorToAmount,
  transactionStatusLabel,
  type BreakDifference,
  type BreakRow,
} from '@tagih/contract';
import type { RawDifference } from './matching/judge.ts';
import type { QueueRow } from './queue-repo.ts';

const DAY_MS = 24 * 3_600_000;

function shown(
  field: RawDifference['field'],
  side: 'bank' | 'tagih',
  value: string | number | null,
  timeZone: string,
): string {
  if (value === null) {
    if (field === 'identifier' && side === 'bank') return RECON_DIFFERENCE_TEXT.notInNarrative;
    if (field === 'matched')
      return side === 'bank'
        ? RECON_DIFFERENCE_TEXT.thisCredit
        : RECON_DIFFERENCE_TEXT.matchedAlready;
    return '-';
  }
  switch (field) {
    case 'amount':
      return formatMinorIdr(Number(value));
    case 'date':
      return side === 'tagih' ? businessDate(new Date(String(value)), timeZone) : String(value);
    case 'status':
      if (side === 'bank')
        return value === 'credited' ? RECON_DIFFERENCE_TEXT.credited : String(value);
      return transactionStatusLabel(String(value)) || String(value);
    case 'matched':
      return side === 'tagih' ? RECON_DIFFERENCE_TEXT.matchedToLine(value) : String(value);
    default:
      return String(value);
  }
}

export function formatDifferences(raw: string | null, timeZone: string): BreakDifference[] {
  const list = raw ? (JSON.parse(raw) as RawDifference[]) : [];
  return list.map((d) => {
    const bank = shown(d.field, 'bank', d.bank, timeZone);
    const tagih = shown(d.field, 'tagih', d.tagih, timeZone);
    return {
      field: d.field,
      bank,
      tagih,
      text: `${RECON_DIFFERENCE_FIELD_LABEL[d.field]}: ${bank} vs ${tagih}`,
    };
  });
}

export function toBreakRow(row: QueueRow, now: Date, timeZone: string): BreakRow {
  const out: Record<string, unknown> = {};
  for (const field of breakResource.fields) {
    if (field.derived) continue;
    const value = row[field.name] ?? null;
    out[field.name] =
      BREAK_MONEY_FIELDS.has(field.name) && value !== null ? minorToAmount(Number(value)) : value;
  }
  out.differences = formatDifferences(row.differencesRaw as string | null, timeZone);
  out.ageDays = Math.max(0, Math.floor((now.getTime() - Date.parse(String(row.at))) / DAY_MS));
  for (const id of ['rbrkId', 'baccId', 'compId', 'lineId', 'trctId', 'candidateTrctId'])
    if (out[id] !== null) out[id] = Number(out[id]);
  return out as BreakRow;
}
