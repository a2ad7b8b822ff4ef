/**
 * How far each running import is, kept in this server's memory for the screen's progress bar:
 * the client names an import (multipart field progressId) and asks GET
 * /recon/statements/progress/{progressId} while it runs. Only its user may read it. An entry lives
 * ten minutes after its last change; at most MAX_ENTRIES are kept (the oldest goes). With several
 * servers a poll that reaches another server gets 404, and the screen shows an unmeasured bar.
 */
import type { ImportPhase, ImportProgress } from '@tagih/contract';

const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 1_000;

interface Entry extends ImportProgress {
  userId: string;
  changedAt: number;
}

/** What an import reports: its phase, lines so far and, once known, the file's lines. */
export type ProgressSink = (phase: ImportPhase, lines: number, totalLines?: number | null) => void;

export class ImportProgressBoard {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** The sink of one import (a no-op without an id). */
  sinkFor(progressId: string | undefined, userId: string): ProgressSink {
    if (!progressId) return () => undefined;
    return (phase, lines, totalLines) => {
      const before = this.entries.get(progressId);
      if (before && before.userId !== userId) return; // another user's name: theirs stays theirs
      this.entries.delete(progressId); // re-inserted last: the map's order is the age order
      this.entries.set(progressId, {
        userId,
        phase,
        lines,
        totalLines: totalLines === undefined ? (before?.totalLines ?? null) : totalLines,
        changedAt: this.now(),
      });
      this.prune();
    };
  }

  /** The progress of `progressId` for `userId`, or null (unknown, expired, or another user's). */
  read(progressId: string, userId: string): ImportProgress | null {
    this.prune();
    const entry = this.entries.get(progressId);
    if (!entry || entry.userId !== userId) return null;
    return { phase: entry.phase, lines: entry.lines, totalLines: entry.totalLines };
  }

  private prune(): void {
    const oldest = this.now() - TTL_MS;
    for (const [id, entry] of this.entries) {
      if (entry.changedAt >= oldest && this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(id);
    }
  }
}
