/**
 * A partner calling Tagih over SNAP BI (a bank reporting payments, a merchant opening bills):
 * an access token signed with the partner's RSA key, then every service call signed with its
 * client secret, as `docs/protocols.md` writes the recipe. Written here from that recipe, apart
 * from the server's code, so the simulator checks the server rather than agreeing with it.
 */
import { createHash, createHmac, randomInt, sign } from 'node:crypto';
import { jakartaTimestamp } from './snap-verify.ts';

export interface SnapPartnerCredentials {
  clientId: string;
  /** PEM private key whose public half Tagih holds. */
  privateKey: string;
  clientSecret: string;
  channelId?: string;
}

export interface SnapAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface TagihSnapClient {
  /** POSTs a signed service call (`path` like `/snap/v1.0/transfer-va/payment`); renews the token once on 401xx01. */
  call(path: string, body: Record<string, unknown>): Promise<SnapAnswer>;
}

const TOKEN_PATH = '/snap/v1.0/access-token/b2b';

/** Numeric, new for every call, unique per day: the time in milliseconds and 9 random digits. */
function externalId(): string {
  return `${Date.now()}${String(randomInt(1e9)).padStart(9, '0')}`;
}

async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<SnapAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: reported below as the raw text
  }
  const answer =
    typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, unknown>)
      : { raw: text };
  return { status: response.status, body: answer };
}

/** `now`: the partner's clock for X-TIMESTAMP (default the system clock; tests pass the server's). */
export function createTagihSnapClient(
  baseUrl: string,
  partner: SnapPartnerCredentials,
  now: () => Date = () => new Date(),
): TagihSnapClient {
  let token: Promise<string> | null = null;

  const requestToken = async (): Promise<string> => {
    const timestamp = jakartaTimestamp(now());
    const signature = sign(
      'RSA-SHA256',
      Buffer.from(`${partner.clientId}|${timestamp}`),
      partner.privateKey,
    ).toString('base64');
    const answer = await post(
      `${baseUrl}${TOKEN_PATH}`,
      { 'X-CLIENT-KEY': partner.clientId, 'X-TIMESTAMP': timestamp, 'X-SIGNATURE': signature },
      JSON.stringify({ grantType: 'client_credentials' }),
    );
    if (answer.body.responseCode !== '2007300' || typeof answer.body.accessToken !== 'string') {
      throw new Error(
        `Tagih refused the access token: ${String(answer.body.responseCode ?? answer.status)} ${String(answer.body.responseMessage ?? '')}`.trim(),
      );
    }
    return answer.body.accessToken;
  };
  const currentToken = () => {
    token ??= requestToken().catch((error: unknown) => {
      token = null;
      throw error;
    });
    return token;
  };

  const signedCall = async (path: string, minified: string): Promise<SnapAnswer> => {
    const accessToken = await currentToken();
    const timestamp = jakartaTimestamp(now());
    const bodyHash = createHash('sha256').update(minified).digest('hex').toLowerCase();
    const signature = createHmac('sha512', partner.clientSecret)
      .update(`POST:${path}:${accessToken}:${bodyHash}:${timestamp}`)
      .digest('base64');
    return post(
      `${baseUrl}${path}`,
      {
        Authorization: `Bearer ${accessToken}`,
        'X-TIMESTAMP': timestamp,
        'X-PARTNER-ID': partner.clientId,
        'X-EXTERNAL-ID': externalId(),
        'CHANNEL-ID': partner.channelId ?? '95221',
        'X-SIGNATURE': signature,
      },
      minified,
    );
  };

  return {
    async call(path, body) {
      const minified = JSON.stringify(body);
      const first = await signedCall(path, minified);
      if (first.status !== 401 || !String(first.body.responseCode ?? '').endsWith('01'))
        return first;
      token = null;
      return signedCall(path, minified);
    },
  };
}
