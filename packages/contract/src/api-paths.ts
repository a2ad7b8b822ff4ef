/**
 * Every API path (under /api), spelled once. The server registers its routes with these
 * templates; the web app fills them with `fillPath`. `:name` marks a path parameter.
 */
import type { ResourceDef } from './resource.ts';
import { auditResource } from './audit-actions.ts';
import { notificationResource } from './monitoring/notification-resource.ts';
import { clientResource } from './resources/client.ts';
import { userResource } from './resources/user.ts';
import type { TransactionKindDef } from './monitoring/transaction-kinds.ts';

export const API_BASE = '/api';

export const API_PATHS = {
  auth: {
    login: '/security/authentication/login',
    /** POST { challenge, code } or { challenge, recoveryCode }: the second step of a two-factor sign-in. */
    loginTwoFactor: '/security/authentication/login/2fa',
    logout: '/security/authentication/logout',
    status: '/security/authentication/status',
    setCompany: '/security/Authentication/SetCompany/:compId',
  },
  account: {
    login: '/account/login',
    usernameAvailable: '/account/username-available',
    /** Two-factor (TOTP): a pending secret, turning it on with a code (recovery codes once), turning it off. */
    twoFactorSetup: '/account/2fa/setup',
    twoFactorEnable: '/account/2fa/enable',
    twoFactorDisable: '/account/2fa/disable',
  },
  notifications: {
    list: notificationResource.path,
    one: `${notificationResource.path}/:notiId`,
  },
  users: {
    /** POST: a Superadmin ends a user's sign-in lockout (recorded). */
    unlock: `${userResource.path}/:id/unlock`,
    /** POST: a Superadmin turns off another user's two-factor (recorded); they enrol again. */
    resetTwoFactor: `${userResource.path}/:id/2fa/reset`,
  },
  clients: {
    /** POST { publicKey }: a client's SNAP API credentials, new or replacing its old; DELETE: revoked (both recorded). */
    apiAccess: `${clientResource.path}/:id/snap-credentials`,
  },
  audit: {
    list: auditResource.path,
    one: `${auditResource.path}/:audtId`,
    export: `${auditResource.path}/export.csv`,
    accessReview: `${auditResource.path}/access-review.csv`,
  },
  /** The signed-in user's own table preferences: chosen columns and saved views per screen. */
  preferences: {
    columns: '/preferences/:screen/columns',
    views: '/preferences/:screen/views',
    view: '/preferences/:screen/views/:viewId',
  },
  /**
   * Bulk inquiry / resend (monitoring/bulk-actions.ts): POST preview (how many, where), POST start a
   * job (reason, idempotency key), GET the user's recent jobs, GET one job with its items, POST
   * cancel (what has not run yet is skipped).
   */
  bulkActions: {
    preview: '/bulk-actions/preview',
    list: '/bulk-actions',
    one: '/bulk-actions/:jobId',
    cancel: '/bulk-actions/:jobId/cancel',
  },
  /**
   * GET: one Server-Sent Events stream per signed-in tab (monitoring/live-events.ts): what changes
   * in the session's company as it happens. Authenticated like every route (the Authentication header).
   */
  live: '/live/events',
  /**
   * Reconciliation: import a statement (multipart), list imports; the break queue, its counts, one
   * break with its history, resolve one, resolve many (ids or the list's filters; dryRun previews).
   */
  recon: {
    statements: '/recon/statements',
    /** GET: how far the caller's import named progressId is (the server that runs it). */
    importProgress: '/recon/statements/progress/:progressId',
    /** Ask the bank for an account's statement (SNAP bank-statement) and import it. */
    pull: '/recon/pull',
    breaks: '/recon/breaks',
    breakCounts: '/recon/breaks/counts',
    /** GET: the queue as CSV, the list's filters, every page. */
    breaksExport: '/recon/breaks/export.csv',
    break: '/recon/breaks/:rbrkId',
    resolve: '/recon/breaks/:rbrkId/resolve',
    bulkResolve: '/recon/breaks/resolve',
  },
  /** GET: the active company's figures for Home, only the parts the user may read. */
  home: '/dashboard/home',
  /** For load balancers and orchestrators: no session needed. */
  health: {
    live: '/health/live',
    ready: '/health/ready',
  },
  /** Prometheus text format, behind its own bearer token (METRICS_TOKEN). */
  metrics: '/metrics',
} as const;

/** A master resource's list (GET, POST) and one record (GET, PUT, DELETE). */
export function masterPaths(resource: ResourceDef) {
  return { list: resource.path, one: `${resource.path}/:id` } as const;
}

/** A transaction kind's list, CSV and XLSX exports, its two actions (inquiry, resend: monitoring/transaction-actions.ts) and detail. */
export function transactionPaths(kind: TransactionKindDef) {
  const base = kind.resource.path;
  return {
    list: base,
    export: `${base}/export.csv`,
    /** GET: the same export as an Excel workbook. */
    exportXlsx: `${base}/export.xlsx`,
    /** GET: any other export.{format}: a 400 naming the formats there are. */
    exportOther: `${base}/export.:format`,
    inquiry: `${base}/inquiry_status/:trctId`,
    resend: `${base}/send_notification/:trctId`,
    /** GET: one transaction with its VA/QRIS detail, notification and timeline. */
    detail: `${base}/:trctId`,
  } as const;
}

type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** '/x/:id' + { id: 7 } -> '/x/7' (each value URI-encoded). */
export function fillPath<Path extends string>(
  template: Path,
  params: Record<ParamsOf<Path>, string | number>,
): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (params as Record<string, string | number | undefined>)[name];
    if (value === undefined) throw new Error(`fillPath: no value for :${name} in ${template}`);
    return encodeURIComponent(String(value));
  });
}
