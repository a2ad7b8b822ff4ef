/**
 * The "Tagih is running" banner with the sign-ins: plain text for a person at a terminal
 * (stderr is a TTY), one JSON line otherwise, so log collectors only ever see JSON. The lines
 * hold a password only when this start generated it (shown once), never one from the environment.
 */
import type { Logger } from 'pino';

export function announceStart(log: Logger, address: string, lines: string[]): void {
  if (process.stderr.isTTY) {
    process.stderr.write(`\nTagih is running at ${address}  (API docs: ${address}/api/docs)\nSign in with:\n${lines.join('\n')}\n\n`);
    return;
  }
  log.info({ address, docs: `${address}/api/docs`, signIns: lines.map((line) => line.trim()) }, `Tagih is running at ${address}`);
}
