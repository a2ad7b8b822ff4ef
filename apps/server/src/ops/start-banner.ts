/**
 * The "Tagih is running" banner with the sign-ins: plain text for a person at a terminal
 * (stderr is a TTY), one JSON line otherwise, so log collectors only ever see JSON. The lines
 * hold a password only when this start generated it (shown once), never one from the environment.
 */
import type { Logger } from 'pino';

/** `apiDocs`: whether /api/docs is served (API_DOCS), so the banner only points at what exists. */
export function announceStart(log: Logger, address: string, lines: string[], apiDocs = false): void {
  const docs = apiDocs ? `${address}/api/docs` : null;
  if (process.stderr.isTTY) {
    process.stderr.write(`\nTagih is running at ${address}${docs ? `  (API docs: ${docs})` : ''}\nSign in with:\n${lines.join('\n')}\n\n`);
    return;
  }
  log.info({ address, ...(docs ? { docs } : {}), signIns: lines.map((line) => line.trim()) }, `Tagih is running at ${address}`);
}
