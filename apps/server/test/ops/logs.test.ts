/**
 * A whole run of the server as operations see it: every stdout line is JSON, each request's
 * lines carry its request id (the caller's X-Request-Id when sane, else a new one, returned in
 * the answer), and no password or token given to it ever reaches its output.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '@tagih/contract';
import {
  listeningPort,
  startServer,
  stopServer,
  type ServerProcess,
} from './support/server-process.ts';

const SECRETS = {
  ADMIN_PASSWORD: 'adm-Secret-4417',
  DEMO_PASSWORD: 'demo-Secret-8842',
  METRICS_TOKEN: 'metrics-Secret-0123456789',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('logs of a full start, sign-in and stop', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tagih-logs-'));
  let server: ServerProcess | undefined;
  let base = '';
  const used: string[] = Object.values(SECRETS);
  const answers: { id: string | null }[] = [];

  beforeAll(async () => {
    server = startServer({
      ...SECRETS,
      // Request lines are written at debug (ops/request-log.ts); info keeps failures only.
      LOG_LEVEL: 'debug',
      PORT: '0',
      DATABASE_URL: `sqlite:${join(dir, 'tagih.db')}`,
      DEMO_DATA: 'true',
      SIMULATORS: 'off',
      NOTIFICATION_WORKER: 'false',
    });
    base = `http://127.0.0.1:${await listeningPort(server)}${API_BASE}`;

    const login = await fetch(`${base}${API_PATHS.auth.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-me-1' },
      body: JSON.stringify({ username: 'rina', password: SECRETS.DEMO_PASSWORD }),
    });
    answers.push({ id: login.headers.get('x-request-id') });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    used.push(token);
    const status = await fetch(`${base}${API_PATHS.auth.status}`, {
      headers: { authentication: token, 'x-request-id': 'not sane!' },
    });
    answers.push({ id: status.headers.get('x-request-id') });
    await fetch(`${base}${API_PATHS.metrics}`, {
      headers: { authorization: `Bearer ${SECRETS.METRICS_TOKEN}` },
    });
    await stopServer(server);
  });
  afterAll(async () => {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes only JSON lines to stdout, the banner included', () => {
    const lines = server!.stdout.filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.some((line) => JSON.parse(line).msg.startsWith('Tagih is running at'))).toBe(true);
  });

  it('never prints a password or token it was given or handed out', () => {
    const output = [...server!.stdout, ...server!.stderr].join('\n');
    for (const secret of used) expect(output).not.toContain(secret);
    expect(output).toContain('(DEMO_PASSWORD)');
  });

  it('takes a sane X-Request-Id, returns it and logs it on every line of that request', () => {
    expect(answers[0]!.id).toBe('trace-me-1');
    const lines = server!.stdout
      .map((line) => JSON.parse(line) as { reqId?: string; msg: string })
      .filter((l) => l.reqId === 'trace-me-1');
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
  });

  it('replaces an unusable X-Request-Id with a new UUID, returned too', () => {
    expect(answers[1]!.id).toMatch(UUID);
    expect(server!.stdout.some((line) => JSON.parse(line).reqId === answers[1]!.id)).toBe(true);
  });
});
