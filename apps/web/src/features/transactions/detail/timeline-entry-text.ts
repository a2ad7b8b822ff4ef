/** What each timeline entry says, in the screen's Indonesian: a title and short facts. */
import { AUDIT_ACTIONS, transactionStatusLabel, type TimelineEntry } from '@tagih/contract';

const OUTCOME_WORD: Record<string, string> = { success: 'berhasil', failure: 'gagal', denied: 'ditolak' };
const INQUIRY_WORD = { paid: 'sudah dibayar', unpaid: 'belum dibayar', refused: 'jawaban bank ditolak', error: 'gagal' } as const;
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

const ms = (latency: number | null) => (latency === null ? null : `${latency} ms`);
const present = (values: (string | null | undefined | false)[]): string[] => values.filter((v): v is string => typeof v === 'string' && v !== '');

export function entryText(entry: TimelineEntry): EntryText {
  switch (entry.type) {
    case 'created':
      return { title: 'Transaksi dibuat', facts: [], tone: 'neutral' };
    case 'status':
      return { title: `Status menjadi ${transactionStatusLabel(entry.status) || entry.status}`, facts: [], tone: entry.status === '00' ? 'success' : 'error' };
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
        tone: entry.outcome === 'paid' ? 'success' : entry.outcome === 'unpaid' ? 'warning' : 'error',
      };
    case 'notification':
      return {
        title: `Notifikasi ke merchant: ${entry.delivered ? 'terkirim' : 'gagal'}`,
        facts: present([entry.httpStatus === null ? 'merchant tidak terjangkau' : `HTTP ${entry.httpStatus}`, ms(entry.latencyMs), `Notif Id ${entry.notiId}`]),
        tone: entry.delivered ? 'success' : 'error',
      };
    case 'operator': {
      const word = ACTION_WORD[entry.action] ?? entry.action;
      return {
        title: `Tindakan operator: ${word} ${OUTCOME_WORD[entry.outcome] ?? entry.outcome}`,
        facts: present([entry.actor && `oleh ${entry.actor}`, `audit #${entry.id}`]),
        tone: entry.outcome === 'success' ? 'info' : 'error',
      };
    }
  }
}
