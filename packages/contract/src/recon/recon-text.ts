/**
 * What the reconciliation screens and the break queue's CSV call things (Indonesian, as the rest
 * of the dashboard): categories, statuses, resolutions, actions, rules, and the names of the fields
 * a break's "why not matched" compares. One place, so the screen, the CSV and the server's
 * difference texts agree.
 */
import type {
  BreakCategory,
  BreakResolution,
  BreakStatus,
  ListedCategory,
  MatchRule,
  ReconSkipReason,
  ResolveAction,
} from './reconciliation.ts';

export const RECON_CATEGORY_LABEL: Record<ListedCategory, string> = {
  missing_at_bank: 'Tidak ada di bank',
  missing_in_tagih: 'Tidak ada di Tagih',
  amount: 'Selisih nominal',
  status: 'Status berbeda',
  duplicate: 'Dobel',
  expected: 'Menunggu bank',
};

/** The break categories in the order the screens list them (expected last: not a break yet). */
export const RECON_CATEGORY_ORDER: readonly ListedCategory[] = [
  'missing_at_bank',
  'missing_in_tagih',
  'amount',
  'status',
  'duplicate',
  'expected',
];

export const RECON_STATUS_LABEL: Record<BreakStatus, string> = {
  open: 'Terbuka',
  resolved: 'Selesai',
};

export const RECON_RESOLUTION_LABEL: Record<BreakResolution, string> = {
  accept: 'Diterima',
  link: 'Ditautkan',
  matched: 'Cocok otomatis',
};

export const RECON_ACTION_LABEL: Record<ResolveAction, string> = {
  accept: 'Terima selisih',
  link: 'Tautkan transaksi',
  inquiry: 'Inquiry',
  notify: 'Kirim ulang notifikasi',
  reopen: 'Buka kembali',
};

/**
 * What POST /recon/breaks/{id}/resolve answers the operator (the dialog's toast or its error), in
 * the screen's Indonesian. Inquiry and Notif answer with their own messages (§8 "Server messages").
 */
export const RECON_RESOLVE_TEXT = {
  accepted: 'Selisih diterima.',
  linked: 'Selisih ditautkan.',
  reopened: 'Selisih dibuka kembali.',
  alreadyResolved: 'Selisih ini sudah selesai; buka kembali dulu.',
  alreadyOpen: 'Selisih ini masih terbuka.',
  linkNeedsTransaction:
    'Sebutkan transaksi yang ditautkan ke baris mutasi ini (trctId atau orderId).',
  linkNeedsLine: 'Sebutkan baris mutasi yang ditautkan ke transaksi ini (lineId).',
  orderIdNotUnique: (orderId: string) =>
    `Beberapa transaksi memakai order id ${orderId}; sebutkan ID transaksinya (trctId).`,
  transactionNotFound: (named: string) =>
    `Transaksi ${named} tidak ditemukan di perusahaan rekening ini.`,
  transactionMatched: (orderId: string, lineId: number) =>
    `Transaksi ${orderId} sudah cocok dengan baris mutasi ${lineId}.`,
  lineNotFound: (lineId: number) =>
    `Baris mutasi ${lineId} tidak ditemukan di rekening perusahaan transaksi ini.`,
  lineMatched: (lineId: number) => `Baris mutasi ${lineId} sudah dicocokkan.`,
  matchedMeanwhile: 'Transaksi ini baru saja dicocokkan; muat ulang selisihnya.',
  noTransaction: (action: 'inquiry' | 'notify') =>
    action === 'inquiry'
      ? 'Selisih ini tidak punya transaksi Tagih untuk ditanyakan ke bank; tautkan dulu.'
      : 'Selisih ini tidak punya transaksi Tagih untuk dikirimi notifikasi; tautkan dulu.',
  breakNotFound: (rbrkId: number) => `Selisih ${rbrkId} tidak ditemukan.`,
} as const;

/** A break's history: its own events (detected, recategorized, matched) beside the actions. */
export const RECON_EVENT_LABEL: Record<string, string> = {
  detected: 'Ditemukan',
  recategorized: 'Kategori berubah',
  matched: 'Cocok otomatis',
  ...RECON_ACTION_LABEL,
};

export const RECON_RULE_LABEL: Record<MatchRule, string> = {
  va: 'Nomor VA',
  qris_reference: 'Referensi QRIS',
  order_id: 'Order ID',
  daily_total: 'Total harian',
  manual: 'Manual',
};

/** The fields a break compares, as its "why not matched" names them. */
export const RECON_DIFFERENCE_FIELD_LABEL = {
  amount: 'nominal',
  date: 'tanggal',
  status: 'status',
  identifier: 'pengenal',
  matched: 'pencocokan',
} as const;

/** What a side shows when it has no value for a compared field. */
export const RECON_DIFFERENCE_TEXT = {
  notInNarrative: 'tidak ada di keterangan',
  thisCredit: 'kredit ini',
  matchedAlready: 'sudah dicocokkan',
  credited: 'dana masuk',
  matchedToLine: (lineId: string | number) => `sudah cocok dengan baris ${lineId}`,
} as const;

export const breakCategoryLabel = (category: string): string =>
  RECON_CATEGORY_LABEL[category as BreakCategory] ?? category;

/** The break queue's CSV file (GET /recon/breaks/export.csv). */
export const RECON_BREAKS_CSV_FILE = 'reconciliation_breaks.csv';

/** Why a bulk resolution leaves a break out (RECON_SKIP_REASONS). */
export const RECON_SKIP_LABEL: Record<ReconSkipReason, string> = {
  'already-resolved': 'Sudah selesai',
  'not-resolved': 'Masih terbuka (tidak perlu dibuka kembali)',
  'no-transaction': 'Tanpa transaksi Tagih (tautkan dulu)',
  'not-eligible': 'Status transaksinya tidak cocok untuk aksi ini',
  queued: 'Sudah dalam antrean',
  'over-limit': 'Melebihi batas satu aksi massal',
};
