/**
 * Demo: `GET /demo/statements/{accountNo}?from=YYYY-MM-DD&to=YYYY-MM-DD` (default: yesterday, Jakarta),
 * the account's statement as an MT940 file, for the import on the Rekonsiliasi screen.
 */
import type { FastifyInstance } from 'fastify';
import { mt940Of } from './mt940-writer.ts';
import {
  dayOfInstant,
  planDays,
  type BankBook,
  type OnFlagLost,
  type StatementAccount,
} from './statement-plan.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 31;

export function statementDownloadRoute(
  app: FastifyInstance,
  accounts: readonly StatementAccount[],
  book: BankBook,
  now: () => Date,
  onFlagLost?: OnFlagLost,
): void {
  app.get<{ Params: { accountNo: string }; Querystring: { from?: string; to?: string } }>(
    '/demo/statements/:accountNo',
    async (request, reply) => {
      const account = accounts.find((a) => a.accountNo === request.params.accountNo);
      if (!account)
        return reply.code(404).send({
          error: `no demo account ${request.params.accountNo}; known: ${accounts.map((a) => `${a.bank} ${a.accountNo}`).join(', ')}`,
        });
      const yesterday = dayOfInstant(new Date(now().getTime() - 86_400_000));
      const from = request.query.from ?? request.query.to ?? yesterday;
      const to = request.query.to ?? from;
      if (
        !DAY.test(from) ||
        !DAY.test(to) ||
        Number.isNaN(Date.parse(from)) ||
        Number.isNaN(Date.parse(to)) ||
        to < from
      ) {
        return reply.code(400).send({ error: 'from, to: days YYYY-MM-DD, from not after to' });
      }
      if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_DAYS)
        return reply.code(400).send({ error: `at most ${MAX_DAYS} days` });
      const text = mt940Of(
        account.accountNo,
        await planDays(from, to, account, accounts, book, onFlagLost),
      );
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${account.bank}-${account.accountNo}-${from}_${to}.mt940"`,
        )
        .send(text);
    },
  );
}
