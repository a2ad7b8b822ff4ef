/**
 * SNAP bank statement (service 14) from the banks whose configuration names the account
 * (`accounts`): each page signed like every SNAP call (snap-client.ts: token, HMAC-SHA512, a new
 * X-EXTERNAL-ID, the timeout), the next page asked with `additionalInfo.pageNumber` while the bank
 * says `hasMore`. The whole statement is read before anything is written; any failure is a
 * BankFailure naming the bank and the page.
 */
import { BankFailure, type BankConfig } from './gateway.ts';
import { SnapClient, type SnapClientOptions } from './snap-client.ts';
import { snapTimestamp } from './snap-signature.ts';

/** More pages than this is a bank that never says hasMore: false. */
const MAX_PAGES = 10_000;

export interface StatementRequest {
  bank: string;
  accountNo: string;
  /** [from, to]: instants (the business days' bounds). */
  from: Date;
  to: Date;
}

export interface PulledEntry {
  /** As the bank wrote it (ISO with offset). */
  transactionDate: string;
  direction: 'C' | 'D';
  amountMinor: number;
  transactionId: string | null;
  remark: string;
}

export interface PulledStatement {
  startingMinor: number;
  endingMinor: number;
  entries: PulledEntry[];
  pages: number;
}

export interface BankStatementSource {
  /** True when the bank's configuration names this account. */
  serves(bank: string, accountNo: string): boolean;
  fetchStatement(request: StatementRequest): Promise<PulledStatement>;
}

/** '150000.00' in minor units; null when it is no amount (a JSON number included: SNAP amounts are decimal strings). */
function minorOf(money: unknown): number | null {
  const value =
    typeof money === 'object' && money !== null ? (money as { value?: unknown }).value : money;
  const text = typeof value === 'string' ? value.trim() : '';
  const m = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const minor = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -minor : minor;
}

function entryOf(raw: unknown, bank: string, page: number): PulledEntry {
  const d = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const amount = minorOf(d.amount);
  const type = String(d.type ?? '').toLowerCase();
  const direction = ['credit', 'c', 'cr'].includes(type)
    ? 'C'
    : ['debit', 'd', 'db'].includes(type)
      ? 'D'
      : null;
  const date =
    typeof d.transactionDate === 'string' && !Number.isNaN(Date.parse(d.transactionDate))
      ? d.transactionDate
      : null;
  if (amount === null || amount <= 0 || !direction || !date) {
    throw new BankFailure(
      `Bank ${bank}: page ${page} holds a statement line without a positive amount, a Credit/Debit type and a transactionDate`,
      'invalid-answer',
    );
  }
  const id =
    typeof d.transactionId === 'string' && d.transactionId.trim() ? d.transactionId.trim() : null;
  return {
    transactionDate: date,
    direction,
    amountMinor: amount,
    transactionId: id,
    remark: typeof d.remark === 'string' ? d.remark : '',
  };
}

export class SnapStatementSource implements BankStatementSource {
  private readonly banks = new Map<string, { cfg: BankConfig; client: SnapClient }>();
  private readonly opts: SnapClientOptions;

  constructor(banks: readonly BankConfig[], opts: SnapClientOptions) {
    this.opts = opts;
    for (const cfg of banks)
      if (cfg.accounts?.length)
        this.banks.set(cfg.code.toUpperCase(), { cfg, client: new SnapClient(cfg, opts) });
  }

  serves(bank: string, accountNo: string): boolean {
    return this.banks.get(bank.toUpperCase())?.cfg.accounts?.includes(accountNo) ?? false;
  }

  async fetchStatement(request: StatementRequest): Promise<PulledStatement> {
    const entry = this.banks.get(request.bank.toUpperCase());
    if (!entry || !this.serves(request.bank, request.accountNo)) {
      throw new BankFailure(
        `Bank ${request.bank} has no bank-statement service configured for account ${request.accountNo} (BANK_CONFIG_FILE accounts)`,
        'not-configured',
      );
    }
    const { client } = entry;
    const base = {
      accountNo: request.accountNo,
      fromDateTime: snapTimestamp(request.from, this.opts.timeZone),
      toDateTime: snapTimestamp(request.to, this.opts.timeZone),
    };
    const entries: PulledEntry[] = [];
    let balances: { startingMinor: number; endingMinor: number } | null = null;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await client.call(
        '/v1.0/bank-statement',
        page === 1 ? base : { ...base, additionalInfo: { pageNumber: String(page) } },
      );
      if (answer.body.responseCode !== '2001400')
        throw client.rejected(`statement (page ${page})`, answer);
      const detail = answer.body.detailData;
      if (!Array.isArray(detail))
        throw new BankFailure(
          `Bank ${request.bank}: page ${page} of the statement has no detailData`,
          'invalid-answer',
        );
      for (const raw of detail) entries.push(entryOf(raw, request.bank, page));
      if (!balances) {
        const balance = (
          Array.isArray(answer.body.balance) ? answer.body.balance[0] : null
        ) as Record<string, unknown> | null;
        const startingMinor = minorOf(balance?.startingBalance);
        const endingMinor = minorOf(balance?.endingBalance);
        if (startingMinor === null || endingMinor === null)
          throw new BankFailure(
            `Bank ${request.bank}: the statement has no starting and ending balance`,
            'invalid-answer',
          );
        balances = { startingMinor, endingMinor };
      }
      const more = answer.body.hasMore;
      if (!(more === true || more === 'true')) return { ...balances, entries, pages: page };
      if (detail.length === 0)
        throw new BankFailure(
          `Bank ${request.bank}: page ${page} is empty but says hasMore`,
          'invalid-answer',
        );
    }
    throw new BankFailure(
      `Bank ${request.bank}: the statement did not end within ${MAX_PAGES} pages`,
      'invalid-answer',
    );
  }
}
