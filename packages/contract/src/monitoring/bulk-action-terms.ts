/**
 * Work queues and bulk actions.
 *
 * A work queue is a list filter: `queue=attention` on the transaction lists (unpaid, and the bank
 * not asked for longer than NEEDS_INQUIRY_AFTER_MINUTES) and on Notifications (not delivered,
 * retries given up). A bulk action runs one of the TRANSACTION_ACTIONS (inquiry, resend) on a
 * selection (ids) or on the whole filtered set (the list's own query, every page): preview first, then a job that
 * the server works through at a per-bank (inquiry) and per-merchant (resend) rate, item by item,
 * each with its outcome. The same idempotency key returns the same job; an item already waiting
 * in a job, or handled by one of the same action within BULK_REPEAT_WINDOW_MINUTES, is skipped.
 *
 * The plain terms (no zod), so a screen that only needs them loads no schema library; the wire
 * schemas are in bulk-actions.ts.
 */
import {
  BULK_ACTION_LABEL,
  TRANSACTION_ACTIONS,
  type TransactionAction,
} from './transaction-actions.ts';

/** The list parameter and value that narrow a list to its work queue. */
export const WORK_QUEUE_PARAM = 'queue';
export const WORK_QUEUE_ATTENTION = 'attention';

/** Defaults of the server's settings (env names in brackets). */
export const WORK_QUEUE_DEFAULTS = {
  /** [NEEDS_INQUIRY_AFTER_MINUTES] an unpaid transaction not asked about for this long needs attention. */
  needsInquiryAfterMinutes: 60,
  /** [BULK_MAX_ITEMS] a job holds at most this many items. */
  maxItems: 5_000,
  /** [BULK_BANK_PER_MINUTE] inquiries a bulk job sends to one bank per minute. */
  bankPerMinute: 60,
  /** [BULK_MERCHANT_PER_MINUTE] notifications a bulk job sends to one merchant per minute. */
  merchantPerMinute: 60,
  /** [BULK_REPEAT_WINDOW_MINUTES] an item handled by a job of the same action this recently is skipped. */
  repeatWindowMinutes: 10,
} as const;

/** Most ids one selection names (a bigger set goes by query: "all that match"). */
export const BULK_MAX_IDS = 1_000;

/** The screen the selection was made on: its ids are trctIds (va, qris) or notiIds (notification). */
export const BULK_SOURCES = ['va', 'qris', 'notification'] as const;
export type BulkSource = (typeof BULK_SOURCES)[number];

/** Inquiry is for transactions only; a resend from any of the three screens. */
export const bulkActionAllowed = (action: TransactionAction, source: BulkSource): boolean =>
  action === 'resend' || source !== 'notification';

const offeredOn = (source: BulkSource) =>
  TRANSACTION_ACTIONS.filter((action) => bulkActionAllowed(action, source));
/** The bulk actions each screen offers (bulkActionAllowed). */
export const BULK_ACTIONS_OF: Readonly<Record<BulkSource, readonly TransactionAction[]>> = {
  va: offeredOn('va'),
  qris: offeredOn('qris'),
  notification: offeredOn('notification'),
};

export const BULK_REASON_MIN = 5;
export const BULK_REASON_MAX = 500;

/** Why a selected row will not be acted on. */
export const BULK_SKIP_REASONS = {
  notEligible: 'not-eligible',
  queued: 'queued',
  recentlyDone: 'recently-done',
  overLimit: 'over-limit',
} as const;
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[keyof typeof BULK_SKIP_REASONS];

export const BULK_JOB_STATUSES = ['running', 'done', 'cancelled'] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];

export const BULK_ITEM_STATUSES = ['pending', 'succeeded', 'failed', 'skipped'] as const;
export type BulkItemStatus = (typeof BULK_ITEM_STATUSES)[number];

/** Indonesian words of the bulk dialog and its outcomes. */
export const BULK_TEXT = {
  queueLabel: 'Perlu tindakan',
  action: BULK_ACTION_LABEL,
  groupOf: { inquiry: 'Bank', resend: 'Merchant' } satisfies Record<TransactionAction, string>,
  skip: {
    'not-eligible': 'Status tidak sesuai',
    queued: 'Sudah dalam antrean aksi massal',
    'recently-done': 'Baru saja diproses aksi massal',
    'over-limit': 'Melebihi batas satu aksi massal',
  } satisfies Record<BulkSkipReason, string>,
  itemStatus: {
    pending: 'Menunggu',
    succeeded: 'Berhasil',
    failed: 'Gagal',
    skipped: 'Dilewati',
  } satisfies Record<BulkItemStatus, string>,
  jobStatus: { running: 'Berjalan', done: 'Selesai', cancelled: 'Dibatalkan' } satisfies Record<
    BulkJobStatus,
    string
  >,
  reasonRequired: 'Alasan wajib diisi',
  reasonTooShort: `Alasan minimal ${BULK_REASON_MIN} karakter`,
  nothingEligible: 'Tidak ada baris yang dapat diproses.',
} as const;
