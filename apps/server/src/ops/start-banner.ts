/**
 * The "Tagih is running" banner with the sign-ins: plain lines on the terminal (stderr, whether
 * or not it is a TTY, so `npm start | tee` or an IDE's console shows them too) and appended to
 * the start log (data/start.log, mode 0600: it may hold a generated password), so passwords do
 * not scroll away. Off a TTY, log collectors also get one JSON line with the address, never the sign-ins.
 * The lines hold a password only when this start generated it, never one from the environment.
 */
import { appendFileSync, chmodSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from 'pino';

/** Where `npm start` keeps its banners, from the working directory (README "Quick start"). */
export const START_LOG_FILE = 'data/start.log';

export interface StartAnnouncement {
  address: string;
  /** The sign-in lines (indented). */
  lines: string[];
  /** Whether /api/docs is served (API_DOCS), so the banner only points at what exists. */
  apiDocs?: boolean;
  /** The start log; null: none. */
  logFile?: string | null;
  /** Where the plain lines go (default stderr). */
  out?: NodeJS.WritableStream;
  /** When this start happened (the log's heading). */
  at?: Date;
}

/** The banner as plain text. */
export function startBanner(address: string, lines: string[], apiDocs = false): string {
  const docs = apiDocs ? `  (API docs: ${address}/api/docs)` : '';
  return `\nTagih is running at ${address}${docs}\nSign in with:\n${lines.join('\n')}\n\n`;
}

function appendStartLog(file: string, text: string, at: Date): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `--- ${at.toISOString()}${text}`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

export function announceStart(log: Logger, announcement: StartAnnouncement): void {
  const {
    address,
    lines,
    apiDocs = false,
    logFile = null,
    out = process.stderr,
    at = new Date(),
  } = announcement;
  const text = startBanner(address, lines, apiDocs);
  out.write(text);
  if (logFile) {
    try {
      appendStartLog(logFile, text, at);
      out.write(`(also written to ${logFile})\n\n`);
    } catch (error) {
      log.warn(`The start log ${logFile} could not be written (${(error as Error).message})`);
    }
  }
  // At a terminal the plain lines say it all; elsewhere log collectors get one JSON line too.
  if ((out as { isTTY?: boolean }).isTTY) return;
  log.info(
    {
      address,
      ...(apiDocs ? { docs: `${address}/api/docs` } : {}),
      ...(logFile ? { startLog: logFile } : {}),
    },
    `Tagih is running at ${address}`,
  );
}
