/**
 * The start banner: the address and the sign-ins as plain lines on the terminal whether or not it
 * is a TTY, appended to the start log (mode 0600, one block per start), and off a TTY one JSON line
 * for log collectors that never holds a sign-in.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { announceStart } from '../../src/ops/start-banner.ts';

const LINES = ['  superadmin: admin / s3cret-Generated', '  staff     : budi / demo-pass-1'];

function sink(isTTY: boolean): Writable & { text: string; isTTY: boolean } {
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.text += chunk.toString('utf8');
      done();
    },
  }) as Writable & { text: string; isTTY: boolean };
  out.text = '';
  out.isTTY = isTTY;
  return out;
}

describe('the start banner', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('prints plain lines off a TTY too, keeps them in the start log (0600) and logs one JSON line without the sign-ins', () => {
    dir = mkdtempSync(join(tmpdir(), 'tagih-banner-'));
    const logFile = join(dir, 'data', 'start.log');
    const terminal = sink(false);
    const logged = sink(false);
    const log = pino({ level: 'info' }, logged);
    announceStart(log, {
      address: 'http://127.0.0.1:8080',
      lines: LINES,
      apiDocs: true,
      logFile,
      out: terminal,
      at: new Date('2026-11-28T01:00:00Z'),
    });
    announceStart(log, {
      address: 'http://127.0.0.1:8080',
      lines: ['  superadmin: admin / (printed at the first start)'],
      logFile,
      out: terminal,
    });

    expect(terminal.text).toContain(
      'Tagih is running at http://127.0.0.1:8080  (API docs: http://127.0.0.1:8080/api/docs)\nSign in with:\n',
    );
    expect(terminal.text).toContain(
      '  superadmin: admin / s3cret-Generated\n  staff     : budi / demo-pass-1\n',
    );
    expect(terminal.text).toContain(`(also written to ${logFile})`);
    const kept = readFileSync(logFile, 'utf8');
    expect(kept.startsWith('--- 2026-11-28T01:00:00.000Z\nTagih is running at')).toBe(true);
    expect(kept).toContain('s3cret-Generated');
    expect(kept).toContain('(printed at the first start)'); // appended: the first start's block stays
    expect(statSync(logFile).mode & 0o777).toBe(0o600);
    const json = logged.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; address?: string });
    expect(json.map((l) => l.msg)).toEqual([
      'Tagih is running at http://127.0.0.1:8080',
      'Tagih is running at http://127.0.0.1:8080',
    ]);
    expect(logged.text).not.toContain('s3cret');
  });

  it('at a terminal prints only the plain lines', () => {
    dir = mkdtempSync(join(tmpdir(), 'tagih-banner-'));
    const terminal = sink(true);
    const logged = sink(false);
    announceStart(pino({ level: 'info' }, logged), {
      address: 'http://127.0.0.1:8080',
      lines: LINES,
      logFile: null,
      out: terminal,
    });
    expect(terminal.text).toBe(
      `\nTagih is running at http://127.0.0.1:8080\nSign in with:\n${LINES.join('\n')}\n\n`,
    );
    expect(logged.text).toBe('');
  });
});
