/**
 * The audit trail: an append-only, hash-chained list of security events and changes. Its
 * action names are spelled here once (callers use AUDIT_ACTIONS, never a string), with the
 * list's field description. Plain data, no zod: the first page's routes and API paths read it
 * without loading the wire schemas (the row shapes and CSV columns are in audit.ts).
 */
import { ACTIONS, type Action, type Area } from './permissions.ts';
import type { FieldDef, ResourceDef } from './resource.ts';

/** The area whose `read` opens the audit list, detail, export and access review (Superadmin only). */
export const AUDIT_AREA = 'audit_log' as const satisfies Area;
/** The only actions the audit area offers: nobody creates, edits or deletes audit events. */
export const AUDIT_AREA_ACTIONS: readonly Action[] = ['read'];

/** The area whose `update` gives a client (merchant) SNAP API credentials, rotates and revokes them (with Superadmin). */
export const CLIENT_API_AREA = 'master_client_api' as const satisfies Area;

/** Areas that offer fewer than the four actions: nobody creates or edits audit events; API access is managed, not listed. */
const AREA_ONLY_ACTIONS: Partial<Record<Area, readonly Action[]>> = {
  [AUDIT_AREA]: AUDIT_AREA_ACTIONS,
  [CLIENT_API_AREA]: ['update'],
};

/** The actions an area offers (the operations that exist): all four, except where AREA_ONLY_ACTIONS says fewer. */
export const areaActions = (area: Area): readonly Action[] => AREA_ONLY_ACTIONS[area] ?? ACTIONS;

export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Master resources whose writes are audited as master.<key>.created|updated|deleted. */
export const AUDITED_MASTER_RESOURCES = [
  'user',
  'user_login',
  'user_role',
  'user_company',
  'company',
  'company_group',
  'client',
  'role',
  'permission',
  'role_permission',
  'bank_account',
] as const;
export type AuditedMasterResource = (typeof AUDITED_MASTER_RESOURCES)[number];
const MASTER_CHANGES = ['created', 'updated', 'deleted'] as const;
type MasterChange = (typeof MASTER_CHANGES)[number];
type MasterActions = { [R in AuditedMasterResource]: { [C in MasterChange]: `master.${R}.${C}` } };

const masterActions = Object.fromEntries(
  AUDITED_MASTER_RESOURCES.map((r) => [
    r,
    Object.fromEntries(MASTER_CHANGES.map((c) => [c, `master.${r}.${c}`])),
  ]),
) as MasterActions;

/** Every audited action. */
export const AUDIT_ACTIONS = {
  loginSucceeded: 'auth.login.succeeded',
  /** actor username = the username tried. */
  loginFailed: 'auth.login.failed',
  locked: 'auth.locked',
  unlocked: 'auth.unlocked',
  logout: 'auth.logout',
  companySelected: 'auth.company.selected',
  credentialsChanged: 'account.credentials.changed',
  /** Two-factor turned on (Manage Account). */
  twoFactorEnabled: 'auth.2fa.enabled',
  /** Two-factor turned off by its user; details: with (code or recovery code). */
  twoFactorDisabled: 'auth.2fa.disabled',
  /** A wrong code (sign-in second step, enable or disable); details: reason, failures. */
  twoFactorFailed: 'auth.2fa.failed',
  /** A Superadmin turned off another user's two-factor. */
  twoFactorReset: 'auth.2fa.reset',
  /** PASSWORD_POLICY=pci: a sign-in with a password older than 90 days (two-factor off); details: changedTime, maxAgeDays. */
  passwordExpired: 'auth.password.expired',
  /** The housekeeping deactivated a user who had not signed in for INACTIVE_DISABLE_DAYS; details: since, days. */
  disabledInactive: 'account.disabled.inactive',
  /** details: { before, after } of the changed fields, secrets redacted. */
  master: masterActions,
  /** details: kind, filters, rows. */
  transactionExported: 'transaction.exported',
  /** An inquiry (transaction-actions.ts); details: outcome, bank code. */
  transactionInquired: 'transaction.inquired',
  /** A bank reported a payment over SNAP (VA payment or QRIS notify) and it was booked; details: bank, service, paymentRequestId, referenceNo, paidAmountMinor, paidAt, notiId. */
  transactionPaid: 'transaction.paid',
  /** The housekeeping found an unpaid bill past its expiry and marked it Kadaluarsa; details: kind, orderId, expiredAt. */
  transactionExpired: 'transaction.expired',
  /** A payment a bank pushed that was not booked (payment-evidence.ts refused it); details: bank, service, reason, message, claimed. */
  paymentRefused: 'snap.payment.refused',
  /** A QRIS notify with a status other than paid: recorded, nothing changed; details: bank, status. */
  qrisStatusNotified: 'snap.qris.notified',
  /** A SNAP call refused for its credentials (outcome 'denied'): token, signature, timestamp; details: service, clientId, reason. */
  snapDenied: 'snap.denied',
  /** A merchant opened a bill over SNAP (create-va, qr-mpm-generate); details: service, clientId, trxId, bank, amountMinor, expiresAt, VA number or QRIS reference. */
  transactionCreated: 'transaction.created',
  /** A merchant cancelled its unpaid bill over SNAP (delete-va): it stops being payable (Kadaluarsa); details: service, clientId, trxId. */
  transactionCancelled: 'transaction.cancelled',
  /** A client (merchant) was given SNAP API credentials, or new ones replacing its old (outcome denied when refused); details: clntid, clientId, rotated, keyFingerprint. */
  clientApiIssued: 'client.api_access.issued',
  /** A client's SNAP API credentials were revoked (its live tokens end with them); details: clntid, clientId. */
  clientApiRevoked: 'client.api_access.revoked',
  /**
   * A resend, the Notif button (transaction-actions.ts); details: outcome, merchant HTTP status.
   * The stored string every such event has carried, kept: the action is named after it.
   */
  notificationResent: 'notification.resent',
  /** A bulk job started; details: action, source, reason, items, skipped. Each item's own inquiry/resend event names the job. */
  bulkStarted: 'bulk.started',
  /** details: action, items left unrun. */
  bulkCancelled: 'bulk.cancelled',
  /** Reading the trail: one event (target), or a list page; details { filters, rows, total } for a list. */
  auditViewed: 'audit.viewed',
  /** details: report, filters, rows. */
  auditExported: 'audit.exported',
  /** The retention checkpoint: details { purgedRows, throughId, lastPurgedHash, before }. */
  auditPurged: 'audit.purged',
  /**
   * The chain is signed under another data key from here on (the first start after it was keyed,
   * or after a rotation); details { fromKeyId (null: the unkeyed chain), toKeyId, headId, headHash }.
   */
  auditKeyChanged: 'audit.key_changed',
  /** A user chose their columns of a screen; details: screen, columns. */
  columnsChosen: 'preferences.columns.changed',
  /** A user saved a view (new or replacing one of the same name); details: screen, name, query. */
  viewSaved: 'preferences.view.saved',
  /** details: screen, name. */
  viewDeleted: 'preferences.view.deleted',
  /** A request refused by the permission guard (outcome 'denied'); details: method, path, needed. */
  accessDenied: 'access.denied',
  /** Reconciliation (modules/recon): a bank statement imported or refused, and what operators did with its breaks. */
  recon: {
    /** details: baccId, format, file, lines, credits, matched, breaks; outcome 'failure' with line and reason when refused. */
    statementImported: 'recon.statement.imported',
    /** A statement asked of the bank over SNAP bank-statement (by hand or the daily RECON_PULL_AT); details: baccId, bank, from, to, pages, lines, stmtId, scheduled; outcome 'failure' with the error. */
    statementPulled: 'recon.statement.pulled',
    /** details: category, reason, lineId, trctId (and bulk: true from a bulk resolution). */
    breakAccepted: 'recon.break.accepted',
    /** details: category, reason, lineId, trctId linked by hand. */
    breakLinked: 'recon.break.linked',
    /** details: category, reason, trctId, outcome (the bank's own event is transaction.inquired). */
    breakInquired: 'recon.break.inquired',
    /** details: category, reason, trctId, outcome (the merchant's own event is notification.resent). */
    breakNotified: 'recon.break.notified',
    /** details: category, reason, the resolution undone. */
    breakReopened: 'recon.break.reopened',
    /** A bulk resolution applied; details: action, reason, selection, selected, applied, skipped. */
    bulkResolved: 'recon.break.bulk_resolved',
    /** The break queue downloaded as CSV; details: filters, rows. */
    breaksExported: 'recon.breaks.exported',
  },
} as const;

type Flat<T> = T extends string ? T : { [K in keyof T]: Flat<T[K]> }[keyof T];
export type AuditAction = Flat<typeof AUDIT_ACTIONS>;

const flatten = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Object.values(value as Record<string, unknown>).flatMap(flatten);
/** Every action name, sorted (filter choices). */
export const AUDIT_ACTION_NAMES: readonly AuditAction[] = (
  flatten(AUDIT_ACTIONS) as AuditAction[]
).sort();

/** What a secret's value reads as in an event's details (passwords, hashes, tokens, secrets). */
export const AUDIT_REDACTED = '[redacted]';

/** The previous hash of the very first event. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

export const AUDIT_CSV_FILES = {
  events: 'audit_events.csv',
  accessReview: 'access_review.csv',
} as const;

const text = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  type: 'string',
  input: 'text',
  ...extra,
});

export const auditResource: ResourceDef = {
  path: '/audit',
  entity: 'Audit Event',
  idField: 'audtId',
  defaultOrder: { field: 'audtId', direction: 'desc' },
  fields: [
    { name: 'audtId', label: 'ID', type: 'number', numberKind: 'bigint', input: 'none', key: true },
    { name: 'audtAt', label: 'Time', type: 'date', input: 'date' },
    text('audtActorUsername', 'User', { searchable: true }),
    text('audtAction', 'Action', {
      input: 'dropdown',
      options: AUDIT_ACTION_NAMES.map((a) => ({ value: a, label: a })),
    }),
    text('audtOutcome', 'Outcome', {
      input: 'dropdown',
      options: AUDIT_OUTCOMES.map((o) => ({ value: o, label: o })),
    }),
    text('audtTargetType', 'Target Type'),
    text('audtTargetId', 'Target Id', { searchable: true }),
    text('audtIp', 'IP Address'),
    { name: 'audtCompId', label: 'Company Id', type: 'number', input: 'number', hidden: true },
    text('audtActorUserId', 'User Id', { hidden: true, searchable: true }),
    text('audtUserAgent', 'User Agent', { hidden: true, sortable: false }),
    text('audtDetails', 'Details', { hidden: true, sortable: false }),
    text('audtPrevHash', 'Previous Hash', { hidden: true, sortable: false }),
    text('audtHash', 'Hash', { hidden: true, sortable: false }),
  ],
};
