/** What each timeline entry says, in the screen's Indonesian: a title and short facts. */
import {
  AUDIT_ACTIONS,
  DEFAULT_BUSINESS_TZ,
  RECON_RULE_LABEL,
  formatDateTime,
  formatMinorIdr,
  formatRupiah,
  transactionStatusLabel,
  type MatchRule,
  type TimelineEntry,
} from '@tagih/contract';

const OUTCOME_WORD: Record<string, string> = {
  success: 'berhasil',
  failure: 'gagal',
  denied: 'ditolak',
};
const INQUIRY_WORD = {
  paid: 'sudah dibayar',
  unpaid: 'belum dibayar',
  refused: 'jawaban bank ditolak',
  error: 'gagal',
} as const;
const ACTION_WORD: Record<string, string> = {
  [AUDIT_ACTIONS.transactionInquired]: 'Inquiry',
  [AUDIT_ACTIONS.notificationResent]: 'Kirim Notifikasi',
};

export type Tone = 'neutral' | 'success' | 'warning' | 'error' | 'info';

export interface EntryText {
  title: string;
  facts: string[];
  tone: Tone;
}

type AuditEntry = Extract<TimelineEntry, { type: 'operator' }>;
const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const fromBank = (e: AuditEntry): string =>
  textOf(e.details.bank) ? ` dari bank ${textOf(e.details.bank)}` : ' dari bank';

/** Audit events that are no operator's action: the bank's payment, its refusal, the expiry. */
const NOT_BY_OPERATOR: Record<string, (e: AuditEntry) => EntryText> = {
  [AUDIT_ACTIONS.transactionPaid]: (e) => ({
    title: `Pembayaran diterima${fromBank(e)}`,
    facts: present([
      typeof e.details.paidAmountMinor === 'number' &&
        `Rp. ${formatMinorIdr(e.details.paidAmountMinor)}`,
      textOf(e.details.referenceNo) && `ref ${textOf(e.details.referenceNo)}`,
      textOf(e.details.paymentRequestId) &&
        `paymentRequestId ${textOf(e.details.paymentRequestId)}`,
      `audit #${e.id}`,
    ]),
    tone: 'success',
  }),
  [AUDIT_ACTIONS.paymentRefused]: (e) => ({
    title: `Pembayaran${fromBank(e)} ditolak`,
    facts: present([textOf(e.details.message), `audit #${e.id}`]),
    tone: 'error',
  }),
  [AUDIT_ACTIONS.transactionExpired]: (e) => ({
    title: 'Kadaluarsa: lewat batas pembayaran',
    facts: present([
      textOf(e.details.expiredAt) &&
        `batas ${formatDateTime(textOf(e.details.expiredAt)!, DEFAULT_BUSINESS_TZ)}`,
      'oleh sistem',
      `audit #${e.id}`,
    ]),
    tone: 'error',
  }),
};

const ms = (latency: number | null) => (latency === null ? null : `${latency} ms`);
const present = (values: (string | null | undefined | false)[]): string[] =>
  values.filter((v): v is string => typeof v === 'string' && v !== '');

export function entryText(entry: TimelineEntry): EntryText {
  switch (entry.type) {
    case 'created':
      return { title: 'Transaksi dibuat', facts: [], tone: 'neutral' };
    case 'status':
      return {
        title: `Status menjadi ${transactionStatusLabel(entry.status) || entry.status}`,
        facts: [],
        tone: entry.status === '00' ? 'success' : 'error',
      };
    case 'inquiry':
      return {
        title: `Inquiry ke bank ${entry.bank}: ${INQUIRY_WORD[entry.outcome]}`,
        facts: present([
          entry.actor && `oleh ${entry.actor}`,
          entry.responseCode && `kode ${entry.responseCode}`,
          entry.httpStatus !== null && `HTTP ${entry.httpStatus}`,
          ms(entry.latencyMs),
          entry.message,
        ]),
        tone:
          entry.outcome === 'paid' ? 'success' : entry.outcome === 'unpaid' ? 'warning' : 'error',
      };
    case 'notification':
      return {
        title: `Notifikasi ke merchant: ${entry.delivered ? 'terkirim' : 'gagal'}`,
        facts: present([
          entry.httpStatus === null ? 'merchant tidak terjangkau' : `HTTP ${entry.httpStatus}`,
          ms(entry.latencyMs),
          `Notif Id ${entry.notiId}`,
        ]),
        tone: entry.delivered ? 'success' : 'error',
      };
    case 'operator': {
      const notByOperator = NOT_BY_OPERATOR[entry.action];
      if (notByOperator) return notByOperator(entry);
      const word = ACTION_WORD[entry.action] ?? entry.action;
      return {
        title: `Tindakan operator: ${word} ${OUTCOME_WORD[entry.outcome] ?? entry.outcome}`,
        facts: present([entry.actor && `oleh ${entry.actor}`, `audit #${entry.id}`]),
        tone: entry.outcome === 'success' ? 'info' : 'error',
      };
    }
    case 'statement':
      return {
        title: `Tercatat di mutasi bank ${entry.bank} ${entry.accountNo}`,
        facts: present([
          `tanggal ${entry.day}`,
          formatRupiah(entry.amount),
          entry.reference && `ref ${entry.reference}`,
          `aturan ${RECON_RULE_LABEL[entry.rule as MatchRule] ?? entry.rule}`,
          `baris ${entry.id}`,
        ]),
        tone: 'success',
      };
  }
}
