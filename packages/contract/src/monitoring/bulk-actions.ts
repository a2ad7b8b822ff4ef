/**
 * The wire schemas of work queues and bulk actions (the terms and rules they use are in
 * bulk-action-terms.ts).
 */
import { z } from 'zod';
import { MAX_ID } from '../field-limits.ts';
import { idRangeRule } from '../ids.ts';
import { TRANSACTION_ACTIONS } from './transaction-actions.ts';
import {
  BULK_ITEM_STATUSES,
  BULK_JOB_STATUSES,
  BULK_MAX_IDS,
  BULK_REASON_MAX,
  BULK_REASON_MIN,
  BULK_SKIP_REASONS,
  BULK_SOURCES,
  type BulkSkipReason,
} from './bulk-action-terms.ts';

export * from './bulk-action-terms.ts';

/** Rows picked one by one, or every row the list query matches (its filters, search, dates, queue; every page). */
export const bulkSelection = z.union([
  z.strictObject({
    ids: z.array(z.number().int().positive().lte(MAX_ID, idRangeRule())).min(1).max(BULK_MAX_IDS),
  }),
  z.strictObject({ query: z.record(z.string().max(100), z.string().max(500)) }),
]);
export type BulkSelection = z.infer<typeof bulkSelection>;

export const bulkPreviewRequest = z.strictObject({
  action: z.enum(TRANSACTION_ACTIONS),
  source: z.enum(BULK_SOURCES),
  selection: bulkSelection,
});
export type BulkPreviewRequest = z.infer<typeof bulkPreviewRequest>;

export const bulkStartRequest = bulkPreviewRequest.extend({
  /** Why, for the audit trail; required. */
  reason: z.string().trim().min(BULK_REASON_MIN).max(BULK_REASON_MAX),
  /** Made by the client once per confirmation: sending it again returns the same job. */
  idempotencyKey: z.string().uuid(),
});
export type BulkStartRequest = z.infer<typeof bulkStartRequest>;

/** A bank (inquiry) or merchant (resend) and how many items go to it. */
export const bulkGroup = z.object({ name: z.string(), count: z.number() });

export const bulkPreview = z.object({
  action: z.enum(TRANSACTION_ACTIONS),
  source: z.enum(BULK_SOURCES),
  /** Rows the selection names (after the company and permission checks). */
  selected: z.number(),
  /** Items the job would act on. */
  eligible: z.number(),
  skipped: z.array(
    z.object({
      reason: z.enum(Object.values(BULK_SKIP_REASONS) as [BulkSkipReason, ...BulkSkipReason[]]),
      count: z.number(),
    }),
  ),
  /** Where the items go: banks for inquiry, merchants for resend; most first. */
  groups: z.array(bulkGroup),
  /** The rate limit per group and the time the job will take at it. */
  perGroupPerMinute: z.number(),
  estimatedSeconds: z.number(),
  maxItems: z.number(),
});
export type BulkPreview = z.infer<typeof bulkPreview>;

export const bulkJob = z.object({
  jobId: z.number(),
  action: z.enum(TRANSACTION_ACTIONS),
  source: z.enum(BULK_SOURCES),
  reason: z.string(),
  status: z.enum(BULK_JOB_STATUSES),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  total: z.number(),
  counts: z.object({
    pending: z.number(),
    succeeded: z.number(),
    failed: z.number(),
    skipped: z.number(),
  }),
});
export type BulkJob = z.infer<typeof bulkJob>;

/** GET /api/bulk-actions: the user's jobs, narrowed by status and by the screen they came from. */
export const bulkJobListQuery = z.strictObject({
  status: z.enum(BULK_JOB_STATUSES).optional(),
  source: z.enum(BULK_SOURCES).optional(),
});
export type BulkJobListQuery = z.infer<typeof bulkJobListQuery>;

export const bulkJobItem = z.object({
  itemId: z.number(),
  trctId: z.number(),
  orderId: z.string().nullable(),
  /** The bank (inquiry) or merchant (resend). */
  group: z.string(),
  status: z.enum(BULK_ITEM_STATUSES),
  /** The outcome in the operator's words (the single action's message), or why skipped. */
  message: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BulkJobItem = z.infer<typeof bulkJobItem>;

export const bulkJobDetail = bulkJob.extend({ items: z.array(bulkJobItem) });
export type BulkJobDetail = z.infer<typeof bulkJobDetail>;
