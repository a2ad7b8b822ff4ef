/**
 * Request lines: "incoming request" and "request completed" are debug lines (out of a terminal
 * at the default LOG_LEVEL=info, there at debug); an errored request and a 5xx answer are kept at
 * every level, with the handlers' own lines. Requests named quiet (the demo traffic) leave out
 * their routine lines even at debug.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLogController } from '../../src/ops/request-log.ts';

async function logOf(level: string, urls: string[]): Promise<{ msg: string; level: number }[]> {
  const lines: { msg: string; level: number }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').trim().split('\n'))
        lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino({ level }, sink),
    logController: requestLogController((request) => request.url.startsWith('/quiet/')),
  });
  for (const base of ['/quiet', '/loud']) {
    app.get(`${base}/ok`, async () => ({ ok: true }));
    app.get(`${base}/missing`, async (_request, reply) => reply.code(404).send({ ok: false }));
    app.get(`${base}/boom`, async (request, reply) => {
      request.log.error('the handler failed');
      return reply.code(500).send({ ok: false });
    });
    app.get(`${base}/throws`, async () => {
      throw new Error('thrown');
    });
  }
  try {
    for (const url of urls) await app.inject({ url });
  } finally {
    await app.close();
  }
  return lines;
}

describe('request lines in the log', () => {
  it('at info: no line for a request that went well (200 or 404), the failures kept', async () => {
    expect(await logOf('info', ['/loud/ok', '/loud/missing', '/quiet/ok'])).toEqual([]);
    const failed = await logOf('info', ['/loud/boom', '/quiet/boom', '/loud/throws']);
    expect(failed.map((l) => l.msg)).toEqual([
      'the handler failed',
      'request failed',
      'the handler failed',
      'request failed',
      'thrown',
      'request failed', // Fastify's error handler logs the error itself
    ]);
    expect(failed.find((l) => l.msg === 'request failed')!.level).toBe(40);
    expect(failed.find((l) => l.msg === 'thrown')!.level).toBe(50);
  });

  it('at debug: both lines of every request, except the routine lines of quiet ones', async () => {
    const lines = await logOf('debug', ['/loud/ok', '/quiet/ok', '/loud/missing']);
    expect(lines.map((l) => l.msg)).toEqual([
      'incoming request',
      'request completed',
      'incoming request',
      'request completed',
    ]);
    expect(lines.every((l) => l.level === 20)).toBe(true);
  });
});
