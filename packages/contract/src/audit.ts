/** The audit trail's wire shapes: an event row and an access-review row, with their CSV columns (names in audit-actions.ts). */
import { z } from 'zod';
import { AUDIT_OUTCOMES } from './audit-actions.ts';

export const auditEventRow = z.object({
  audtId: z.number(),
  /** ISO-8601 UTC with milliseconds. */
  audtAt: z.string(),
  audtActorUserId: z.string().nullable(),
  audtActorUsername: z.string().nullable(),
  audtCompId: z.number().nullable(),
  audtIp: z.string().nullable(),
  audtUserAgent: z.string().nullable(),
  audtAction: z.string(),
  audtTargetType: z.string().nullable(),
  audtTargetId: z.string().nullable(),
  audtOutcome: z.enum(AUDIT_OUTCOMES),
  audtDetails: z.record(z.string(), z.unknown()),
  audtPrevHash: z.string(),
  audtHash: z.string(),
});
export type AuditEventRow = z.infer<typeof auditEventRow>;

/** Columns of the audit CSV export: every field, time in UTC as stored (the hash covers it). */
export const AUDIT_CSV_COLUMNS: readonly { field: keyof AuditEventRow; label: string }[] = [
  { field: 'audtId', label: 'ID' },
  { field: 'audtAt', label: 'Time (UTC)' },
  { field: 'audtActorUserId', label: 'User Id' },
  { field: 'audtActorUsername', label: 'User' },
  { field: 'audtCompId', label: 'Company Id' },
  { field: 'audtIp', label: 'IP Address' },
  { field: 'audtUserAgent', label: 'User Agent' },
  { field: 'audtAction', label: 'Action' },
  { field: 'audtTargetType', label: 'Target Type' },
  { field: 'audtTargetId', label: 'Target Id' },
  { field: 'audtOutcome', label: 'Outcome' },
  { field: 'audtDetails', label: 'Details' },
  { field: 'audtPrevHash', label: 'Previous Hash' },
  { field: 'audtHash', label: 'Hash' },
];

/** One user in the access review (every user, whatever their status). */
export const accessReviewRow = z.object({
  userId: z.string(),
  username: z.string().nullable(),
  userStatus: z.number(),
  roles: z.array(z.string()),
  /** Linked companies; a Superadmin reaches every active company. */
  companies: z.array(z.string()),
  allCompanies: z.boolean(),
  lastLoginAt: z.string().nullable(),
  /** Set while a sign-in lockout is in force. */
  lockedUntil: z.string().nullable(),
});
export type AccessReviewRow = z.infer<typeof accessReviewRow>;

export const ACCESS_REVIEW_CSV_HEADER = [
  'User Id',
  'Username',
  'Status',
  'Roles',
  'Companies',
  'Last Sign-in',
  'Locked Until',
] as const;
/** The Companies cell of a Superadmin. */
export const ACCESS_REVIEW_ALL_COMPANIES = 'All companies (Superadmin)';
