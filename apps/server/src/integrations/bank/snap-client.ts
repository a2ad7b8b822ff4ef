/**
 * One SNAP BI bank: the B2B access token (cached until shortly before it expires) and
 * signed transactional calls, each with a new X-EXTERNAL-ID and a timeout; answers are read
 * up to 1 MB (integrations/answer-limit.ts), a longer one is a failure.
 */
import { AnswerTooLarge, readCappedText } from '../answer-limit.ts';
import { BankFailure, type BankConfig } from './gateway.ts';
import {
  asymmetricSignature,
  newExternalId,
  snapTimestamp,
  symmetricSignature,
} from './snap-signature.ts';
import { parseStrictJson, StrictJsonError } from '../../shared/strict-json.ts';

export interface SnapClientOptions {
  timeoutMs: number;
  timeZone: string;
  now: () => Date;
}

/** A bank's JSON answer with its HTTP status. */
export interface SnapAnswer {
  httpStatus: number;
  body: Record<string, unknown>;
}

const TOKEN_PATH = '/v1.0/access-token/b2b';
/** Renew this long before the bank's expiry, so a token never dies in flight. */
const TOKEN_MARGIN_MS = 60_000;

export class SnapClient {
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;
  private readonly cfg: BankConfig;
  private readonly opts: SnapClientOptions;

  constructor(cfg: BankConfig, opts: SnapClientOptions) {
    this.cfg = cfg;
    this.opts = opts;
  }

  /** POSTs a signed transactional call; a rejected token is renewed once. */
  async call(path: string, body: Record<string, unknown>): Promise<SnapAnswer> {
    const first = await this.signedPost(path, body, await this.accessToken());
    if (first.httpStatus !== 401) return first;
    this.token = null;
    return this.signedPost(path, body, await this.accessToken());
  }

  async accessToken(): Promise<string> {
    if (this.token && this.opts.now().getTime() < this.token.expiresAt) return this.token.value;
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<string> {
    const timestamp = snapTimestamp(this.opts.now(), this.opts.timeZone);
    const answer = await this.post(
      TOKEN_PATH,
      JSON.stringify({ grantType: 'client_credentials' }),
      {
        'X-TIMESTAMP': timestamp,
        'X-CLIENT-KEY': this.cfg.clientId,
        'X-SIGNATURE': asymmetricSignature(this.cfg.privateKey, this.cfg.clientId, timestamp),
      },
    );
    const { responseCode, accessToken, expiresIn } = answer.body;
    if (
      answer.httpStatus !== 200 ||
      responseCode !== '2007300' ||
      typeof accessToken !== 'string'
    ) {
      throw this.rejected('access token', answer);
    }
    const seconds = Number(expiresIn ?? 900);
    const lifetime = (Number.isFinite(seconds) && seconds > 0 ? seconds : 900) * 1000;
    this.token = {
      value: accessToken,
      expiresAt: this.opts.now().getTime() + lifetime - Math.min(TOKEN_MARGIN_MS, lifetime / 10),
    };
    return accessToken;
  }

  private signedPost(
    path: string,
    body: Record<string, unknown>,
    accessToken: string,
  ): Promise<SnapAnswer> {
    const minified = JSON.stringify(body);
    const timestamp = snapTimestamp(this.opts.now(), this.opts.timeZone);
    const relativePath = `${this.cfg.pathPrefix}${path}`;
    return this.post(path, minified, {
      Authorization: `Bearer ${accessToken}`,
      'X-TIMESTAMP': timestamp,
      'X-PARTNER-ID': this.cfg.clientId,
      'X-EXTERNAL-ID': newExternalId(),
      'CHANNEL-ID': this.cfg.channelId,
      'X-SIGNATURE': symmetricSignature({
        method: 'POST',
        relativePath,
        accessToken,
        minifiedBody: minified,
        timestamp,
        clientSecret: this.cfg.clientSecret,
      }),
    });
  }

  private async post(
    path: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<SnapAnswer> {
    const url = `${this.cfg.baseUrl.replace(/\/$/, '')}${this.cfg.pathPrefix}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (error) {
      throw this.transportFailure(error);
    }
    let text: string;
    try {
      text = await readCappedText(response, `Bank ${this.cfg.code}`);
    } catch (error) {
      if (error instanceof AnswerTooLarge) throw new BankFailure(error.message, 'invalid-answer');
      throw this.transportFailure(error);
    }
    // Read strictly (shared/strict-json.ts): a repeated member or a __proto__/constructor member is no answer we act on.
    let parsed: unknown;
    try {
      parsed = parseStrictJson(text);
    } catch (error) {
      const problem =
        error instanceof StrictJsonError && error.problem !== 'syntax' ? `: ${error.message}` : '';
      throw new BankFailure(
        `Bank ${this.cfg.code} answered HTTP ${response.status} without a SNAP JSON body${problem}`,
        'invalid-answer',
      );
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new BankFailure(
        `Bank ${this.cfg.code} answered HTTP ${response.status} without a SNAP JSON body`,
        'invalid-answer',
      );
    }
    return { httpStatus: response.status, body: parsed as Record<string, unknown> };
  }

  private transportFailure(error: unknown): BankFailure {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      return new BankFailure(
        `Bank ${this.cfg.code} did not answer within ${this.opts.timeoutMs / 1000} s`,
        'timeout',
      );
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return new BankFailure(
      `Bank ${this.cfg.code} is unreachable (${cause?.code ?? cause?.message ?? String(error)})`,
      'unreachable',
    );
  }

  /** A SNAP error answer as a failure: "Bank BRI: 4017300 Unauthorized. Signature". */
  rejected(what: string, answer: SnapAnswer): BankFailure {
    const code =
      typeof answer.body.responseCode === 'string'
        ? answer.body.responseCode
        : `HTTP ${answer.httpStatus}`;
    const message =
      typeof answer.body.responseMessage === 'string' ? ` ${answer.body.responseMessage}` : '';
    return new BankFailure(
      `Bank ${this.cfg.code} rejected the ${what}: ${code}${message}`,
      'rejected',
      code,
    );
  }
}
