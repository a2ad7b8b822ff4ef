/**
 * The second pass over a statement: each entry becomes a line row with its fingerprint and its
 * day's bounds, handed on in batches (a month of lines never sits in memory). The fingerprint is
 * the account's key for "the same line again": the bank's reference when the line has one (its
 * narrative may change between the same-day and next-day statements), else the value date and
 * narrative; with the booking day, direction and amount, and the count of identical lines before
 * it that day (two equal payments on one day are two lines).
 */
import { createHash } from 'node:crypto';
import { dayEndUtc, dayStartUtc } from '../../business-time.ts';
import type { StatementEvent } from './formats/statement-events.ts';
import type { NewLine } from './lines-repo.ts';

export const LINE_BATCH = 1000;

export interface LineDraft extends NewLine {
  stlnDirection: 'C' | 'D';
}

export async function writeLines(
  events: AsyncIterable<StatementEvent>,
  base: { stmtId: number; baccId: number; timeZone: string },
  onBatch: (rows: LineDraft[]) => Promise<void>,
): Promise<void> {
  const bounds = new Map<string, { start: string; end: string }>();
  const boundsOf = (day: string) => {
    let b = bounds.get(day);
    if (!b) {
      b = {
        start: dayStartUtc(day, base.timeZone).toISOString(),
        end: dayEndUtc(day, base.timeZone).toISOString(),
      };
      bounds.set(day, b);
    }
    return b;
  };
  let repeats = new Map<string, number>();
  let repeatsDay: string | null = null;
  let batch: LineDraft[] = [];
  for await (const e of events) {
    if (e.type !== 'entry') continue;
    if (e.bookedDay !== repeatsDay) {
      // The first pass made sure each booking day's lines come together.
      repeats = new Map();
      repeatsDay = e.bookedDay;
    }
    const key = [
      e.bookedDay,
      e.direction,
      e.amountMinor,
      ...(e.reference ? ['ref', e.reference] : ['text', e.day, e.narrative]),
    ].join('\u0001');
    const seen = (repeats.get(key) ?? 0) + 1;
    repeats.set(key, seen);
    const { start, end } = boundsOf(e.day);
    batch.push({
      stlnStmtId: base.stmtId,
      stlnBaccId: base.baccId,
      stlnFingerprint: createHash('sha256').update(`${key}\u0001${seen}`).digest('hex'),
      stlnFileLine: e.lineNo,
      stlnDay: e.day,
      stlnDayStart: start,
      stlnDayEnd: end,
      stlnDirection: e.direction,
      stlnAmountMinor: e.amountMinor,
      stlnReference: e.reference,
      stlnNarrative: e.narrative,
      stlnMatchRule: null,
    });
    if (batch.length >= LINE_BATCH) {
      await onBatch(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await onBatch(batch);
}
