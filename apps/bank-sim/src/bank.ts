/**
 * A SNAP BI bank for demo and tests: one HTTP server, each bank under its own path prefix.
 * It checks what a real bank checks: the RSA signature of the token call, the bearer token,
 * the HMAC-SHA512 signature of transactional calls and a fresh X-EXTERNAL-ID per call.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import {
  qrisQuery,
  vaInquiryStatus,
  type ServiceAnswer,
  type ServiceContext,
} from './bank-services.ts';
import { expectedSymmetric, sameText, verifyAsymmetric } from './snap-verify.ts';
import { bankStatement, DEFAULT_STATEMENT_PAGE_SIZE } from './statements/bank-statement-service.ts';
import { statementDownloadRoute } from './statements/statement-routes.ts';
import type { BankBook, StatementAccount } from './statements/statement-plan.ts';

export interface SimBank {
  code: string;
  pathPrefix: string;
  clientId: string;
  clientSecret: string;
  /** PEM public key matching the private key the server signs with. */
  publicKey: string;
  /** The account whose statement this bank serves (bank-statement, service 14; needs `book`). */
  statementAccount?: string;
}

export interface BankSimOptions {
  banks: readonly SimBank[];
  host?: string;
  port?: number;
  /** How long a 'slow' answer takes (default 15 s: longer than the server's 10 s timeout). */
  slowMs?: number;
  tokenTtlSeconds?: number;
  /** The bank's clock for paid times (default: the system clock; tests pass the server's). */
  now?: () => Date;
  /** The amount of the bill a VA number (without padding), customer number or order id names, as '150000.00': a paid answer carries it. */
  billAmount?: (key: string) => Promise<string | undefined>;
  /** Demo: `POST /demo/pay {"virtualAccountNo"}` makes the bank pay that bill at Tagih (see bank-payer.ts). */
  pay?: (virtualAccountNo: string) => Promise<object>;
  /** What the banks booked: with it, each bank's `statementAccount` gets statements (statements/, README "Statements"). */
  book?: BankBook;
  /** Lines per bank-statement page (default 100). */
  statementPageSize?: number;
}

export interface RecordedBankCall {
  bank: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  status: number;
  responseCode: unknown;
}

export interface BankSim {
  url: string;
  calls: RecordedBankCall[];
  /** Makes a paid answer carry this amount for a VA number / customer number / order id. */
  setAmount(key: string, value: string): void;
  close(): Promise<void>;
}

export async function startBankSim(options: BankSimOptions): Promise<BankSim> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const tokens = new Map<string, { bank: string; expiresAt: number }>();
  const externalIds = new Set<string>();
  const amounts = new Map<string, string>();
  const calls: RecordedBankCall[] = [];
  const ttl = options.tokenTtlSeconds ?? 900;
  const ctx: ServiceContext = {
    slowMs: options.slowMs ?? 15_000,
    amountOf: async (keys) =>
      keys.map((key) => amounts.get(key)).find((told) => told !== undefined) ??
      (await options.billAmount?.(keys[0]!)),
    now: options.now ?? (() => new Date()),
    bookedAt: (keys) => keys.map((key) => flagLost.get(key)).find((at) => at !== undefined),
  };
  const timers = new Set<NodeJS.Timeout>();
  // Bills a statement credited although Tagih never heard of the payment: their Inquiry answers the booking time.
  const flagLost = new Map<string, string>();
  const onFlagLost = (virtualAccountNo: string, at: string) =>
    void flagLost.set(virtualAccountNo, at);
  const statementAccounts: StatementAccount[] = options.banks.flatMap((b) =>
    b.statementAccount ? [{ bank: b.code, accountNo: b.statementAccount }] : [],
  );

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  const header = (request: FastifyRequest, name: string) =>
    String(request.headers[name.toLowerCase()] ?? '');
  const parse = (raw: unknown): Record<string, unknown> => {
    try {
      const v: unknown = JSON.parse(String(raw ?? ''));
      return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const answer = async (
    bank: SimBank,
    request: FastifyRequest,
    reply: FastifyReply,
    result: ServiceAnswer,
  ) => {
    calls.push({
      bank: bank.code,
      path: request.url,
      headers: request.headers as Record<string, string>,
      body: parse(request.body),
      status: result.status,
      responseCode: result.body.responseCode,
    });
    if (result.delayMs)
      await new Promise<void>((resolve) => timers.add(setTimeout(resolve, result.delayMs)));
    return reply.code(result.status).send(result.body);
  };

  for (const bank of options.banks) {
    app.post(`${bank.pathPrefix}/v1.0/access-token/b2b`, async (request, reply) => {
      const timestamp = header(request, 'X-TIMESTAMP');
      const body = parse(request.body);
      if (header(request, 'X-CLIENT-KEY') !== bank.clientId)
        return answer(bank, request, reply, {
          status: 401,
          body: { responseCode: '4017300', responseMessage: 'Unauthorized. Unknown client' },
        });
      if (
        !timestamp ||
        !verifyAsymmetric(bank.publicKey, bank.clientId, timestamp, header(request, 'X-SIGNATURE'))
      ) {
        return answer(bank, request, reply, {
          status: 401,
          body: { responseCode: '4017300', responseMessage: 'Unauthorized. Signature' },
        });
      }
      if (body.grantType !== 'client_credentials')
        return answer(bank, request, reply, {
          status: 400,
          body: { responseCode: '4007301', responseMessage: 'Invalid Field Format grantType' },
        });
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { bank: bank.code, expiresAt: Date.now() + ttl * 1000 });
      return answer(bank, request, reply, {
        status: 200,
        body: {
          responseCode: '2007300',
          responseMessage: 'Successful',
          accessToken: token,
          tokenType: 'Bearer',
          expiresIn: String(ttl),
        },
      });
    });

    const transactional =
      (
        service: string,
        handler: (body: Record<string, unknown>, c: ServiceContext) => Promise<ServiceAnswer>,
      ) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const fail = (status: number, code: string, message: string) =>
          answer(bank, request, reply, {
            status,
            body: { responseCode: `${status}${service}${code}`, responseMessage: message },
          });
        const token = header(request, 'Authorization').replace(/^Bearer\s+/i, '');
        const grant = tokens.get(token);
        if (!grant || grant.bank !== bank.code || grant.expiresAt < Date.now())
          return fail(401, '01', 'Invalid Token (B2B)');
        const timestamp = header(request, 'X-TIMESTAMP');
        const externalId = header(request, 'X-EXTERNAL-ID');
        if (
          header(request, 'X-PARTNER-ID') !== bank.clientId ||
          !timestamp ||
          header(request, 'CHANNEL-ID').length !== 5
        )
          return fail(400, '02', 'Invalid Mandatory Field');
        if (!/^\d{1,36}$/.test(externalId))
          return fail(400, '01', 'Invalid Field Format X-EXTERNAL-ID');
        const expected = expectedSymmetric(
          bank.clientSecret,
          'POST',
          request.url.split('?')[0]!,
          token,
          String(request.body ?? ''),
          timestamp,
        );
        if (!sameText(expected, header(request, 'X-SIGNATURE')))
          return fail(401, '00', 'Unauthorized. Signature');
        const dayKey = `${bank.code}:${new Date().toISOString().slice(0, 10)}:${externalId}`;
        if (externalIds.has(dayKey))
          return fail(409, '00', 'Conflict: X-EXTERNAL-ID already used today');
        externalIds.add(dayKey);
        return answer(bank, request, reply, await handler(parse(request.body), ctx));
      };
    app.post(`${bank.pathPrefix}/v1.0/transfer-va/status`, transactional('26', vaInquiryStatus));
    app.post(`${bank.pathPrefix}/v1.0/qr/qr-mpm-query`, transactional('51', qrisQuery));
    const { book } = options;
    if (book && bank.statementAccount) {
      const statement = {
        account: { bank: bank.code, accountNo: bank.statementAccount },
        accounts: statementAccounts,
        book,
        pageSize: options.statementPageSize ?? DEFAULT_STATEMENT_PAGE_SIZE,
        onFlagLost,
      };
      app.post(
        `${bank.pathPrefix}/v1.0/bank-statement`,
        transactional('14', (body) => bankStatement(body, statement)),
      );
    }
  }
  if (options.book)
    statementDownloadRoute(app, statementAccounts, options.book, ctx.now, onFlagLost);

  const pay = options.pay;
  if (pay) {
    app.post('/demo/pay', async (request, reply) => {
      const typed = parse(request.body).virtualAccountNo;
      if (typeof typed !== 'string' || !/^\s*\d{2,28}\s*$/.test(typed))
        return reply.code(400).send({ error: 'virtualAccountNo: the VA number, digits' });
      try {
        return await pay(typed);
      } catch (error) {
        return reply.code(502).send({ error: (error as Error).message });
      }
    });
  }

  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  return {
    url: address,
    calls,
    setAmount: (key, value) => void amounts.set(key, value),
    close: async () => {
      for (const t of timers) clearTimeout(t);
      await app.close();
    },
  };
}
