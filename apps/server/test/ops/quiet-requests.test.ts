/**
 * Requests named quiet (the demo traffic) leave out Fastify's routine lines, "incoming request"
 * and "request completed", and keep what matters: a 5xx answer and the handler's own error lines.
 * Other requests are logged as always.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { quietLogController } from '../../src/ops/quiet-requests.ts';

describe('quiet requests in the log', () => {
  it('drops the routine lines of quiet requests only, and keeps their errors', async () => {
    const lines: { msg: string; level: number; req?: { url: string } }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(
          ...chunk
            .toString('utf8')
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as (typeof lines)[number]),
        );
        done();
      },
    });
    const app = Fastify({
      loggerInstance: pino({ level: 'info' }, sink),
      logController: quietLogController((request) => request.url.startsWith('/quiet/')),
    });
    app.get('/quiet/ok', async () => ({ ok: true }));
    app.get('/quiet/boom', async (request, reply) => {
      request.log.error('the handler failed');
      return reply.code(500).send({ ok: false });
    });
    app.get('/loud/ok', async () => ({ ok: true }));
    try {
      expect((await app.inject({ url: '/quiet/ok' })).statusCode).toBe(200);
      expect(lines).toEqual([]);

      expect((await app.inject({ url: '/quiet/boom' })).statusCode).toBe(500);
      expect(lines.map((l) => l.msg)).toEqual(['the handler failed', 'request completed']);

      lines.length = 0;
      await app.inject({ url: '/loud/ok' });
      expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await app.close();
    }
  });
});
