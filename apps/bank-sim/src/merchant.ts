/**
 * A merchant's callback receiver for demo and tests: POST /callbacks/{name}. It verifies
 * Tagih's signature (X-Tagih-Signature: t=..,v1=hex HMAC-SHA256(secret, t + "." + rawBody)),
 * records what it received and answers as told: 'ok' (200), 'fail' (500), 'hang' (never
 * answers until closed) or 'slow' (200 after slowMs). Names starting with fail/hang/slow
 * behave so by default; setMode() or PUT /sim/callbacks/{name}/mode {mode} changes it.
 */
import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { sameText } from './snap-verify.ts';

export type MerchantMode = 'ok' | 'fail' | 'hang' | 'slow';
const MODES: readonly MerchantMode[] = ['ok', 'fail', 'hang', 'slow'];

export interface ReceivedCallback {
  name: string;
  rawBody: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  signatureValid: boolean;
  answeredWith: number | null;
  at: string;
}

export interface MerchantSimOptions {
  host?: string;
  port?: number;
  /** The client secret expected on /callbacks/{name}. */
  secretFor(name: string): string | undefined | Promise<string | undefined>;
  /** Signatures older or newer than this are refused (default 300 s). */
  maxSkewSeconds?: number;
  slowMs?: number;
}

export interface MerchantSim {
  url: string;
  callbackUrl(name: string): string;
  received: ReceivedCallback[];
  setMode(name: string, mode: MerchantMode): void;
  close(): Promise<void>;
}

export function verifySignature(
  header: string,
  rawBody: string,
  secret: string,
  maxSkewSeconds: number,
  nowSeconds = Date.now() / 1000,
): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((p) => p.trim().split('=') as [string, string]),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > maxSkewSeconds) return false;
  return sameText(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'), parts.v1);
}

export async function startMerchantSim(options: MerchantSimOptions): Promise<MerchantSim> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const modes = new Map<string, MerchantMode>();
  const received: ReceivedCallback[] = [];
  const hanging = new Set<() => void>();
  const modeOf = (name: string): MerchantMode =>
    modes.get(name) ?? MODES.find((m) => m !== 'ok' && name.startsWith(m)) ?? 'ok';

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  app.post<{ Params: { name: string } }>('/callbacks/:name', async (request, reply) => {
    const { name } = request.params;
    const rawBody = String(request.body ?? '');
    const secret = await options.secretFor(name);
    const header = String(request.headers['x-tagih-signature'] ?? '');
    const signatureValid =
      secret !== undefined &&
      verifySignature(header, rawBody, secret, options.maxSkewSeconds ?? 300);
    let body: unknown = null;
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = null;
    }
    const record: ReceivedCallback = {
      name,
      rawBody,
      body,
      headers: request.headers,
      signatureValid,
      answeredWith: null,
      at: new Date().toISOString(),
    };
    received.push(record);
    const send = (status: number, payload: unknown) => {
      record.answeredWith = status;
      return reply.code(status).send(payload);
    };
    if (!signatureValid) return send(401, { ok: false, error: 'invalid signature' });
    const mode = modeOf(name);
    if (mode === 'fail') return send(500, { ok: false, error: 'merchant is failing (simulated)' });
    if (mode === 'hang') {
      await new Promise<void>((resolve) => hanging.add(resolve));
      return send(503, { ok: false, error: 'closed' });
    }
    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 500));
    return send(200, { ok: true });
  });

  app.put<{ Params: { name: string }; Body: string }>(
    '/sim/callbacks/:name/mode',
    async (request, reply) => {
      let mode: unknown;
      try {
        mode = (JSON.parse(String(request.body)) as { mode?: unknown }).mode;
      } catch {
        mode = undefined;
      }
      if (!MODES.includes(mode as MerchantMode))
        return reply
          .code(400)
          .send({ ok: false, error: `mode must be one of ${MODES.join(', ')}` });
      modes.set(request.params.name, mode as MerchantMode);
      return { ok: true, name: request.params.name, mode };
    },
  );
  app.get('/sim/callbacks', async () => received.map(({ headers: _h, ...rest }) => rest));
  app.delete('/sim/callbacks', async () => {
    received.length = 0;
    return { ok: true };
  });

  const url = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return {
    url,
    callbackUrl: (name) => `${url}/callbacks/${encodeURIComponent(name)}`,
    received,
    setMode: (name, mode) => void modes.set(name, mode),
    close: async () => {
      for (const release of hanging) release();
      hanging.clear();
      await app.close();
    },
  };
}
