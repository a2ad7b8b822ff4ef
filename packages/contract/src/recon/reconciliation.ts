/**
 * Reconciliation: a bank's statement against our ledger, and every break in one queue. The names
 * (formats, rules, categories, actions), the break list's field description and the wire schemas
 * of /api/recon/* are spelled here once (docs/behaviour.md "Reconciliation").
 */
import { z } from 'zod';
import { bodyId, idRangeRule, pathId } from '../ids.ts';
import { isFilterDate } from '../format.ts';
import { MAX_BIG_ID, MAX_ID } from '../field-limits.ts';
import type { FieldDef, ResourceDef } from '../resource.ts';

/** The area whose read lists statements and breaks, create imports, update resolves. */
export const RECON_AREA = 'reconciliation' as const;

/**
 * What a statement file is: MT940/MT942; BCA's and Mandiri MCM's CSV; another Indonesian bank's own
 * CSV/TXT layout recognised by its header (`bank-csv`: BRI, BNI, Mandiri internet banking, Bank
 * Jatim); an XLSX sheet in any of those layouts; a CSV read with its account's mapping.
 */
export const STATEMENT_FORMATS = [
  'mt940',
  'bca-csv',
  'mandiri-csv',
  'bank-csv',
  'xlsx',
  'csv',
] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The matching rules, in the order they are tried; `manual` is a link made by an operator. */
export const MATCH_RULES = ['va', 'qris_reference', 'order_id', 'daily_total', 'manual'] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

export const BREAK_CATEGORIES = [
  'missing_at_bank',
  'missing_in_tagih',
  'amount',
  'status',
  'duplicate',
] as const;
export type BreakCategory = (typeof BREAK_CATEGORIES)[number];
/** A paid transaction not (yet) on the bank's statement before RECON_EXPECTED_DAYS business days: not a break yet. */
export const EXPECTED = 'expected' as const;
/** What the list's `category` reads: a break category, or expected. */
export type ListedCategory = BreakCategory | typeof EXPECTED;
export const LISTED_CATEGORIES: readonly ListedCategory[] = [...BREAK_CATEGORIES, EXPECTED];

export const BREAK_STATUSES = ['open', 'resolved'] as const;
export type BreakStatus = (typeof BREAK_STATUSES)[number];

export const RESOLVE_ACTIONS = ['accept', 'link', 'inquiry', 'notify', 'reopen'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

/** How a break came to be resolved: by an operator's action, or by itself when a match was found. */
export const BREAK_RESOLUTIONS = ['accept', 'link', 'matched'] as const;
export type BreakResolution = (typeof BREAK_RESOLUTIONS)[number];

/** A bank line and a payment may lie this many days apart (the bank books late, or just after midnight). */
export const RECON_MATCH_WINDOW_DAYS = 2;
export const RECON_EXPECTED_DAYS_DEFAULT = 1;
/**
 * The largest statement file an import takes: what a day needs. A national provider's day is
 * ~330,000 lines, ~44 MB as banks write MT940 (~135 bytes a line with its :86:) and about as much as
 * a bank's CSV export; 100 MB is that day twice over (or ~300 bytes of every line). A longer
 * period comes as one file per day. (docs/behaviour.md "Reconciliation")
 */
export const RECON_MAX_FILE_BYTES = 100 * 1024 * 1024;
export const RECON_REASON_MIN = 5;
export const RECON_REASON_MAX = 500;
/** The longest order id a link names (the column's width). */
export const RECON_ORDER_ID_MAX = 64;
export const RECON_BULK_MAX_IDS = 1000;
/** Breaks one bulk resolution acts on at most (the rest are skipped as over-limit). */
export const RECON_BULK_MAX_ITEMS = 10_000;

const text = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  type: 'string',
  input: 'text',
  ...extra,
});
const amount = (name: string, label: string): FieldDef => ({
  name,
  label,
  type: 'number',
  numberKind: 'money',
  input: 'number',
});
const date = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  type: 'date',
  input: 'date',
  ...extra,
});
const num = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  type: 'number',
  input: 'number',
  ...extra,
});
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** Money fields of a break row: 2-decimal rupiah at the API edge (minor units in the database). */
export const BREAK_MONEY_FIELDS: ReadonlySet<string> = new Set([
  'lineAmount',
  'trctAmount',
  'difference',
]);

/** The break queue (GET /recon/breaks): the list query over these fields, plus from/to on `at`. */
export const breakResource: ResourceDef = {
  path: '/recon/breaks',
  entity: 'Reconciliation Break',
  idField: 'rbrkId',
  defaultOrder: { field: 'rbrkId', direction: 'desc' },
  fields: [
    num('rbrkId', 'ID', { input: 'none', key: true }),
    text('category', 'Category', { input: 'dropdown', options: options(LISTED_CATEGORIES) }),
    text('status', 'Status', { input: 'dropdown', options: options(BREAK_STATUSES) }),
    date('at', 'Date'),
    num('compId', 'Company Id', { hidden: true }),
    text('compName', 'Company', { searchable: true }),
    num('baccId', 'Account Id', { hidden: true }),
    text('bank', 'Bank'),
    text('accountNo', 'Account No'),
    num('lineId', 'Line Id', { hidden: true }),
    text('lineDay', 'Bank Date'),
    amount('lineAmount', 'Bank Amount'),
    text('lineReference', 'Bank Reference', { searchable: true }),
    text('lineNarrative', 'Narrative', { searchable: true }),
    num('trctId', 'Transaction Id', { numberKind: 'bigint', hidden: true }),
    text('trctOrderId', 'Order ID', { searchable: true }),
    amount('trctAmount', 'Our Amount'),
    text('trctStatus', 'Our Status'),
    date('paidAt', 'Paid Time'),
    amount('difference', 'Difference'),
    num('candidateTrctId', 'Nearest Transaction Id', { numberKind: 'bigint', hidden: true }),
    text('candidateOrderId', 'Nearest Order ID', { hidden: true }),
    text('resolution', 'Resolution', { input: 'dropdown', options: options(BREAK_RESOLUTIONS) }),
    text('resolvedBy', 'Resolved By'),
    date('resolvedAt', 'Resolved Time'),
    date('detectedAt', 'Detected Time', { hidden: true }),
    { name: 'differences', label: 'Why not matched', type: 'string', input: 'none', derived: true },
    { name: 'ageDays', label: 'Age (days)', type: 'number', input: 'none', derived: true },
  ],
};

/** One field on which a bank line and its nearest transaction differ: values as the screen shows them. */
export const breakDifference = z.object({
  field: z.enum(['amount', 'date', 'status', 'identifier', 'matched']),
  bank: z.string(),
  tagih: z.string(),
  /** 'amount 150.000,00 vs 150.001,00': the bank's value first. */
  text: z.string(),
});
export type BreakDifference = z.infer<typeof breakDifference>;

const money = z.number().nullable();

export const breakRow = z.object({
  rbrkId: z.number(),
  category: z.enum(LISTED_CATEGORIES as [ListedCategory, ...ListedCategory[]]),
  status: z.enum(BREAK_STATUSES),
  at: z.string(),
  compId: z.number().nullable(),
  compName: z.string().nullable(),
  baccId: z.number(),
  bank: z.string(),
  accountNo: z.string(),
  lineId: z.number().nullable(),
  lineDay: z.string().nullable(),
  lineAmount: money,
  lineReference: z.string().nullable(),
  lineNarrative: z.string().nullable(),
  trctId: z.number().nullable(),
  trctOrderId: z.string().nullable(),
  trctAmount: money,
  trctStatus: z.string().nullable(),
  paidAt: z.string().nullable(),
  difference: money,
  candidateTrctId: z.number().nullable(),
  candidateOrderId: z.string().nullable(),
  resolution: z.enum(BREAK_RESOLUTIONS).nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  detectedAt: z.string(),
  differences: z.array(breakDifference),
  ageDays: z.number(),
});
export type BreakRow = z.infer<typeof breakRow>;

export const breakEvent = z.object({
  at: z.string(),
  action: z.string(),
  by: z.string().nullable(),
  reason: z.string().nullable(),
  outcome: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});

export const breakDetail = breakRow.extend({
  history: z.array(breakEvent),
  rule: z.enum(MATCH_RULES).nullable(),
});
export type BreakDetail = z.infer<typeof breakDetail>;

export const breakCountsSchema = z.object(
  Object.fromEntries(LISTED_CATEGORIES.map((c) => [c, z.number()])) as Record<
    ListedCategory,
    z.ZodNumber
  >,
);
export type BreakCounts = z.infer<typeof breakCountsSchema>;

/** What the import of one account's statement wrote. */
const accountImportResult = z.object({
  stmtId: z.number(),
  /** The very same file was imported before: nothing was written, its first result is given. */
  alreadyImported: z.boolean(),
  format: z.enum(STATEMENT_FORMATS),
  baccId: z.number(),
  /** Lines added (lines already known from an earlier import are skipped, `skippedLines`). */
  lines: z.number(),
  skippedLines: z.number(),
  /** Rows the bank marked pending (BCA 'PEND'): not booked, not imported. */
  pendingLines: z.number(),
  credits: z.number(),
  matched: z.number(),
  /** Whether the file carried balances to check (MT940 always; a CSV only with a balance column or footer). */
  balanceChecked: z.boolean(),
  /** Open breaks the import found, by category (missing_at_bank: late ones only). */
  breaks: z.object(
    Object.fromEntries(BREAK_CATEGORIES.map((c) => [c, z.number()])) as Record<
      BreakCategory,
      z.ZodNumber
    >,
  ),
  /** Paid transactions of the statement's days not on it yet, before RECON_EXPECTED_DAYS business days. */
  expected: z.number(),
  /** The account the statement is of (results stored before it was given lack it). */
  accountNo: z.string().optional(),
});
/** The file's first account's result; a file of several accounts (MT940) gives the others in `moreAccounts`. */
export const statementImportResult = accountImportResult.extend({
  moreAccounts: z.array(accountImportResult).optional(),
});
export type StatementImportResult = z.infer<typeof statementImportResult>;
export type AccountImportResult = z.infer<typeof accountImportResult>;

export const statementRow = z.object({
  stmtId: z.number(),
  baccId: z.number(),
  bank: z.string(),
  accountNo: z.string(),
  accountName: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  /** The variant the file was read as ('mt940:swift-envelope', 'csv:bca-bisnis', 'xlsx:mandiri-ib'); null for imports before it was recorded. */
  variant: z.string().nullable(),
  fileName: z.string().nullable(),
  reference: z.string().nullable(),
  fromDay: z.string().nullable(),
  toDay: z.string().nullable(),
  lines: z.number(),
  skippedLines: z.number(),
  credits: z.number(),
  matched: z.number(),
  /** Debit lines (lines − credits). */
  debits: z.number(),
  balanceChecked: z.boolean(),
  /** complete, or failed: nothing of it was kept and `failure` says why (Indonesian). */
  state: z.enum(['complete', 'failed']),
  failure: z.string().nullable(),
  openBreaks: z.number(),
  /** Its open breaks by listed category (missing_at_bank … expected); a category with none is left out. */
  openByCategory: z.record(z.string(), z.number()),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type StatementRow = z.infer<typeof statementRow>;

/** The multipart fields of an import beside `file`. */
/** A client's name for one import, so that it can ask how far the import is (GET …/progress/{id}). */
export const IMPORT_PROGRESS_ID = /^[A-Za-z0-9-]{8,64}$/;
const progressId = z
  .string()
  .regex(IMPORT_PROGRESS_ID, 'progressId must be 8 to 64 letters, digits or dashes');

export const statementImportFields = z.strictObject({
  /** Optional: the name under which the import reports its progress. */
  progressId: progressId.optional(),
  format: z
    .enum(STATEMENT_FORMATS, { error: `format must be one of ${STATEMENT_FORMATS.join(', ')}` })
    .optional(),
  /** The account; may be left out when the file names it (MT940 :25:, BCA's 'No. rekening', Mandiri's Account No). */
  baccId: bodyId(idRangeRule()).optional(),
});

export const IMPORT_PHASES = ['checking', 'writing', 'matching', 'done', 'failed'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];
/**
 * How far an import is: `checking` the whole file (lines read so far), `writing` its lines
 * (written of totalLines), `matching` what no line named (missing at the bank, the 1:N rule),
 * then `done` or `failed`. Kept by the server that runs the import, for ten minutes.
 */
export const importProgress = z.object({
  phase: z.enum(IMPORT_PHASES),
  lines: z.number(),
  /** Known once the check has read the whole file. */
  totalLines: z.number().nullable(),
});
export type ImportProgress = z.infer<typeof importProgress>;
export const importProgressParams = z.strictObject({ progressId });

const pullDay = z.string().refine(isFilterDate, 'must be a day YYYY-MM-DD');
/** POST /recon/pull: the account, and the days (business days, inclusive; default: yesterday). */
export const statementPullBody = z
  .strictObject({ baccId: bodyId(idRangeRule()), from: pullDay.optional(), to: pullDay.optional() })
  .refine((b) => !b.from || !b.to || b.from <= b.to, {
    message: 'from must not be after to',
    path: ['to'],
  });
export type StatementPullBody = z.infer<typeof statementPullBody>;

export const statementListQuery = z.strictObject({
  page: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'page must be a whole number from 1 to 999999999')
    .transform(Number)
    .optional(),
  max: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, 'max must be a whole number from 1 to 999')
    .transform(Number)
    .optional(),
  baccId: pathId().optional(),
});

export const breakIdParams = z.strictObject({
  rbrkId: z
    .string()
    .regex(/^[1-9]\d*$/, idRangeRule())
    .transform(Number)
    .refine((n) => n <= MAX_ID, idRangeRule()),
});

const reason = z
  .string({ error: 'reason is required' })
  .trim()
  .min(RECON_REASON_MIN, `reason must be at least ${RECON_REASON_MIN} characters`)
  .max(RECON_REASON_MAX, `reason must not exceed ${RECON_REASON_MAX} characters`);

export const resolveBody = z.strictObject({
  action: z.enum(RESOLVE_ACTIONS, { error: `action must be one of ${RESOLVE_ACTIONS.join(', ')}` }),
  reason,
  /** link: the transaction a bank line belongs to. */
  trctId: bodyId(idRangeRule(MAX_BIG_ID), idRangeRule(MAX_BIG_ID), MAX_BIG_ID).optional(),
  /** link: or the transaction's order id (as stored), when it is one transaction of the account's companies. */
  orderId: z
    .string()
    .trim()
    .min(1, 'orderId must not be empty')
    .max(RECON_ORDER_ID_MAX, `orderId must not exceed ${RECON_ORDER_ID_MAX} characters`)
    .optional(),
  /** link of a missing-at-bank break: the bank line the transaction belongs to. */
  lineId: bodyId(idRangeRule()).optional(),
});
export type ResolveBody = z.infer<typeof resolveBody>;

export const resolveResult = z.object({ break: breakRow, message: z.string() });

/** Breaks picked one by one, or every break the list query matches (finds, search, from/to; every page). */
export const breakSelection = z.union([
  z.strictObject({
    ids: z
      .array(z.number().int().positive().lte(MAX_ID, idRangeRule()))
      .min(1)
      .max(RECON_BULK_MAX_IDS),
  }),
  z.strictObject({ query: z.record(z.string().max(100), z.string().max(500)) }),
]);

export const bulkResolveBody = z.strictObject({
  action: z.enum(['accept', 'inquiry', 'notify', 'reopen'], {
    error: 'action must be one of accept, inquiry, notify, reopen (link is one break at a time)',
  }),
  reason,
  selection: breakSelection,
  /** true: only say what would change. */
  dryRun: z.boolean().default(false),
});
export type BulkResolveBody = z.infer<typeof bulkResolveBody>;

export const RECON_SKIP_REASONS = [
  'already-resolved',
  'not-resolved',
  'no-transaction',
  'not-eligible',
  'queued',
  'over-limit',
] as const;
export type ReconSkipReason = (typeof RECON_SKIP_REASONS)[number];

export const bulkResolveResult = z.object({
  action: z.string(),
  dryRun: z.boolean(),
  selected: z.number(),
  /** Breaks changed (dryRun: that would be). Inquiry and notify: transactions handed to bulk jobs. */
  applied: z.number(),
  skipped: z.array(z.object({ reason: z.enum(RECON_SKIP_REASONS), count: z.number() })),
  byCategory: z.record(z.string(), z.number()),
  /** Inquiry and notify run as throttled bulk jobs (GET /bulk-actions/{jobId} shows progress), one per company and kind. */
  jobs: z.array(
    z.object({ jobId: z.number(), compId: z.number(), source: z.string(), items: z.number() }),
  ),
});
export type BulkResolveResult = z.infer<typeof bulkResolveResult>;
