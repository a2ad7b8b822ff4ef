/**
 * Calling a server that runs in a process of its own (test/ops/support/server-process.ts) over
 * real HTTP, as a bank or a merchant does: the token and every service call signed by the
 * written recipe (support.ts, node:crypto, never the server's code), the X-EXTERNAL-ID chosen by
 * the caller so that a retry may repeat it. Also what a merchant needs to open bills there.
 */
import { generateKeyPairSync } from 'node:crypto';
import { API_BASE, API_PATHS } from '@tagih/contract';
import {
  newExternalId,
  serviceSignature,
  snapTime,
  tokenSignature,
  type TestBank,
  type TestCaller,
} from './support.ts';

export interface HttpAnswer {
  status: number;
  /** The body as sent (a retry's answer is compared with it). */
  text: string;
  body: Record<string, unknown>;
}

/** Generous: a loaded machine is slow, but a call never hangs the test. */
const CALL_TIMEOUT_MS = 20_000;

async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<HttpAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { raw: text };
  }
  return { status: response.status, text, body: parsed as Record<string, unknown> };
}

export async function httpToken(base: string, caller: TestCaller): Promise<string> {
  const ts = snapTime(new Date());
  const { clientId } = caller.partner;
  const answer = await post(
    `${base}/snap/v1.0/access-token/b2b`,
    {
      'x-client-key': clientId,
      'x-timestamp': ts,
      'x-signature': tokenSignature(caller.privateKey, clientId, ts),
    },
    '{"grantType":"client_credentials"}',
  );
  if (answer.status !== 200) throw new Error(`token for ${clientId}: ${answer.text}`);
  return answer.body.accessToken as string;
}

/** A signed service call; rejects when no answer comes (the connection refused or cut). */
export function httpSnap(
  base: string,
  caller: TestCaller,
  token: string,
  path: string,
  body: unknown,
  externalId = newExternalId(),
): Promise<HttpAnswer> {
  const minified = JSON.stringify(body);
  const ts = snapTime(new Date());
  return post(
    `${base}${path}`,
    {
      authorization: `Bearer ${token}`,
      'x-timestamp': ts,
      'x-signature': serviceSignature(
        caller.partner.clientSecret,
        'POST',
        path,
        token,
        minified,
        ts,
      ),
      'x-partner-id': caller.partner.clientId,
      'x-external-id': externalId,
      'channel-id': '95221',
    },
    minified,
  );
}

/** The Superadmin gives client `clntid` its SNAP API access over the API (the server needs DATA_KEY). */
export async function httpMerchant(
  base: string,
  admin: { username: string; password: string },
  clntid: number,
): Promise<TestCaller> {
  const login = await post(`${base}${API_BASE}${API_PATHS.auth.login}`, {}, JSON.stringify(admin));
  if (login.status !== 200) throw new Error(`login: ${login.text}`);
  const token = (login.body.data as { token: string }).token;
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const given = await post(
    `${base}${API_BASE}/master/client/${clntid}/snap-credentials`,
    { authentication: token },
    JSON.stringify({ publicKey }),
  );
  if (given.status !== 200) throw new Error(`snap-credentials: ${given.text}`);
  const { clientId, clientSecret } = given.body.data as { clientId: string; clientSecret: string };
  return { partner: { clientId, clientSecret }, privateKey };
}

/** BANK_CONFIG_FILE's text for test banks (makeBank): their inbound credentials and QRIS identity; no outbound calls are made. */
export function bankConfigFile(banks: readonly TestBank[]): string {
  return JSON.stringify(
    banks.map(({ partner, privateKey }) => ({
      code: partner.bank,
      baseUrl: 'http://127.0.0.1:9',
      clientId: `tagih-${partner.bank}`,
      clientSecret: 'outbound-not-used',
      privateKey,
      partnerServiceId: partner.partnerServiceId,
      channelId: '95221',
      ...(partner.merchantId ? { merchantId: partner.merchantId } : {}),
      ...(partner.qris ? { qris: partner.qris } : {}),
      inbound: {
        clientId: partner.clientId,
        publicKey: partner.publicKey,
        clientSecret: partner.clientSecret,
      },
    })),
  );
}

/** Runs `work` over `items` with at most `concurrency` at a time; `stop()` true leaves the rest undone. */
export async function inPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length && !stop()) await work(items[next++]!);
    }),
  );
}
