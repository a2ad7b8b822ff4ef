/**
 * Every table, typed in one place. Columns carry the spec's field names (§3), so a
 * resource's field list is also its column whitelist. Timestamps are ISO-8601 UTC strings
 * on both dialects (see database.ts); money is integer minor units.
 */
import {
  PostgresAdapter,
  type Generated,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';

export type AuditColumns<P extends string> = {
  [K in `${P}CreatedTime` | `${P}UpdatedTime`]: string | null;
} & {
  [K in `${P}CreatedUserId` | `${P}UpdatedUserId`]: string | null;
};

export type UsersTable = {
  userId: string;
  userStatus: number;
} & AuditColumns<'user'>;

export type UserLoginsTable = {
  usloId: Generated<number>;
  usloUserId: string;
  usloUserName: string;
  usloPassword: string;
  /** Last successful sign-in (the access review shows it). */
  usloLastLoginAt: string | null;
  /** When the password was last set (PASSWORD_POLICY=pci: expires after 90 days). */
  usloPasswordChangedTime: string | null;
  /** 1: set by somebody else (new login, reset); under pci it must be changed at the first sign-in. */
  usloMustChangePassword: Generated<number>;
} & AuditColumns<'uslo'>;

/** Hashes of the passwords a login had (PASSWORD_POLICY=pci: not one of the last 4). */
export type UserPasswordHistoryTable = {
  uphiId: Generated<number>;
  uphiUserId: string;
  uphiHash: string;
  uphiCreatedTime: string;
};

export type RolesTable = { roleId: Generated<number>; roleName: string } & AuditColumns<'role'>;

export type PermissionsTable = {
  prmsId: Generated<number>;
  prmsName: string;
  /** JSON array of actions. */
  prmsOperations: string;
} & AuditColumns<'prms'>;

export type RolePermissionsTable = {
  rperId: Generated<number>;
  rperRoleId: number;
  rperPrmsId: number;
  rperOperations: string;
} & AuditColumns<'rper'>;

export type UserRolesTable = {
  usroId: Generated<number>;
  usroUserId: string;
  usroRoleId: number;
} & AuditColumns<'usro'>;

export type UserCompaniesTable = {
  uscoId: Generated<number>;
  uscoUserId: string;
  uscoCompId: number;
} & AuditColumns<'usco'>;

export type CompanyGroupsTable = {
  grcpId: Generated<number>;
  grcpName: string;
  grcpNickName: string;
  grcpAddress: string;
  grcpCity: string;
  grcpTelp: string;
  grcpFax: string;
} & AuditColumns<'grcp'>;

export type CompaniesTable = {
  compId: Generated<number>;
  compGrcpId: number;
  compName: string;
  compAddress: string;
  compPhone: string;
  compPIC: string;
  compPICPhone: string;
  compStatus: number;
  compFileId: number | null;
  compClientId: number | null;
} & AuditColumns<'comp'>;

export type ClientsTable = {
  clntid: Generated<number>;
  clntName: string;
  /** Merchant callback URL for payment notifications. */
  clntCallbackUrl: string | null;
  /** Signing secret for callbacks; never leaves the server. */
  clntSecret: string;
} & AuditColumns<'clnt'>;

export interface TransactionsTable {
  trctId: Generated<number>;
  /** 'VA' or 'QRIS'. */
  trctType: string;
  trctCompId: number;
  trctClntId: number;
  trctOrderId: string;
  trctBank: string | null;
  trctVirtualAccountNo: string | null;
  trctVirtualAccountName: string | null;
  trctQrName: string | null;
  trctQrBank: string | null;
  /** Minor units. */
  trctTotalAmount: number | null;
  trctTotalAmountPaid: number | null;
  /** TRX_STATUS in the contract: unpaid (Belum Lunas), paid (Lunas), expired (Kadaluarsa). */
  trctStatus: string;
  trctCreatedTime: string;
  trctLunasTime: string | null;
  trctUpdatedTime: string | null;
}

export interface TransactionVaTable {
  trvaId: Generated<number>;
  trvaTrctId: number;
  trvaPartnerServiceId: string;
  trvaCustomerNo: string;
  trvaVirtualAccountNo: string;
  trvaVirtualAccountName: string | null;
  trvaExpiredDate: string | null;
}

export interface TransactionQrTable {
  trqrId: Generated<number>;
  trqrTrctId: number;
  trqrReferenceNo: string | null;
  trqrMerchantId: string | null;
  trqrTotalAmount: number | null;
  trqrCreatedTime: string | null;
  trqrExpiredDate: string | null;
}

export interface NotificationsTable {
  notiId: Generated<number>;
  notiTrctId: number;
  notiCompId: number;
  notiOrderId: string | null;
  /** 1 pending, 2 delivered. */
  notiStatus: number;
  notiCreatedTime: string;
  notiUpdatedTime: string | null;
  notiAttempts: number;
  /** When the retry worker should next try; null when delivered or given up. */
  notiNextAttemptAt: string | null;
  /** Lease: a sender holds the notification until this instant (one in flight). */
  notiLockedUntil: string | null;
  /** The merchant's HTTP status at the last attempt; null before the first or when not reached (migration 0041). */
  notiLastHttpStatus: number | null;
  /** Why the last attempt failed (contract readDeliveryResponse); null before the first or when delivered (migration 0041). */
  notiLastError: string | null;
}

export interface NotificationHistoryTable {
  nohiId: Generated<number>;
  nohiNotiId: number;
  nohiRequest: string | null;
  nohiResponse: string | null;
  nohiCreatedTime: string;
}

export interface SessionsTable {
  sessTokenHash: string;
  sessUserId: string;
  sessCompId: number | null;
  sessCreatedTime: string;
  sessLastSeenTime: string;
  sessExpiresTime: string;
  sessRevokedTime: string | null;
}

/** Sign-in failures and locks per (username, address); address '*' is the username's own row (modules/auth/lockout.ts). */
export interface LoginThrottleTable {
  lothUsername: string;
  lothAddress: string;
  lothFailures: number;
  lothLockedUntil: string | null;
  lothUpdatedTime: string;
}

/** Two-factor sign-in of a user (TOTP): the sealed secret; on once utfaEnabledTime is set. */
export interface UserTwoFactorTable {
  utfaUserId: string;
  /** Sealed (v1:<keyId>:…) under the data key, context `user_two_factor.utfaSecret`. */
  utfaSecret: string;
  utfaEnabledTime: string | null;
  /** The last accepted 30-second step: a code of this step or an earlier one is refused (replay). */
  utfaLastStep: number | null;
  utfaCreatedTime: string;
}

/** One-time recovery codes, as SHA-256 hex of the normalised code. */
export interface UserRecoveryCodesTable {
  urcoId: Generated<number>;
  urcoUserId: string;
  urcoHash: string;
  urcoUsedTime: string | null;
}

/** The second step of a two-factor sign-in, by SHA-256 of its token. */
export interface LoginChallengesTable {
  lochTokenHash: string;
  lochUserId: string;
  lochFailures: number;
  lochCreatedTime: string;
  lochExpiresTime: string;
  lochUsedTime: string | null;
}

/** The per-address sign-in limit, per route and address (`<route>|<address>`): a fixed window's start and count. */
export interface LoginRateLimitTable {
  lrlmKey: string;
  lrlmWindowStart: string;
  lrlmCount: number;
}

/**
 * Throttles of the outbound actions (Inquiry, Notif), per scope key: a per-user window (start,
 * count) or a per-transaction last start (count of starts) and in-flight lease.
 */
export interface ActionThrottleTable {
  acthKey: string;
  acthWindowStart: string;
  acthCount: number;
  acthLeaseUntil: string | null;
}

/** One bank inquiry of a transaction (its timeline): what was asked (no secrets) and what came back. */
export interface InquiryAttemptsTable {
  inatId: Generated<number>;
  inatTrctId: number;
  /** When the request left. */
  inatAt: string;
  inatUserId: string | null;
  inatUsername: string | null;
  inatBank: string;
  /** JSON of what was asked (bank, VA or QR identifiers). */
  inatRequest: string;
  /** 'paid', 'unpaid' or 'error'. */
  inatOutcome: string;
  inatResponseCode: string | null;
  inatMessage: string | null;
  /** Our answer's status when the bank gave no usable answer. */
  inatHttpStatus: number | null;
  inatLatencyMs: number;
}

/** The audit trail (modules/audit): append-only and chained under a key; UPDATE and DELETE are refused by triggers. */
export interface AuditEventsTable {
  /** Assigned by the writer (last id + 1 under the chain lock): the hash covers it. */
  audtId: number;
  audtAt: string;
  audtActorUserId: string | null;
  /** The signed-in user's name, or the name tried by a failed sign-in. */
  audtActorUsername: string | null;
  audtCompId: number | null;
  audtIp: string | null;
  audtUserAgent: string | null;
  audtAction: string;
  audtTargetType: string | null;
  audtTargetId: string | null;
  /** 'success', 'failure' or 'denied'. */
  audtOutcome: string;
  /** Canonical JSON of an object. */
  audtDetails: string;
  audtPrevHash: string;
  audtHash: string;
  /**
   * The data key id whose derived key signed the event (HMAC-SHA256, modules/audit/hash.ts); null
   * for an event of the plain SHA-256 chain written before the chain was keyed (migration 0016).
   */
  audtKeyId: string | null;
}

/** Counts and sums of transactions per (company, kind, business day, status, bank): db/transaction-rollup.ts. */
export interface TransactionRollupTable {
  rlupCompId: number;
  rlupType: string;
  /** YYYY-MM-DD in the time zone of transaction_rollup_state. */
  rlupDay: string;
  rlupStatus: string;
  /** The kind's bank field; '' when it has none. */
  rlupBank: string;
  /** 0 to 31: the stripe of the transaction's id (readers sum the stripes; migration 0040). */
  rlupStripe: Generated<number>;
  rlupCount: number;
  /** Sum of the rows' paid amount (lunasAmount, minor units), whatever their status. */
  rlupLunasMinor: number;
}

/**
 * Notifications per (company, UTC hour of creation, status), kept by triggers (migration 0014):
 * modules/notifications/totals-repo.ts.
 */
export interface NotificationRollupTable {
  nrlpCompId: number;
  /** YYYY-MM-DDTHH of notiCreatedTime in UTC. */
  nrlpHour: string;
  nrlpStatus: number;
  /** 0 to 31: the stripe of the notification's id (readers sum the stripes; migration 0040). */
  nrlpStripe: Generated<number>;
  nrlpCount: number;
}

/**
 * An audit event recorded without the chain's lock, waiting for the sealer to chain it into
 * audit_events (modules/audit/sealer.ts); its MAC (HMAC under the audit key of pndgKeyId over the
 * event's canonical JSON with pndgId) lets verification tell it from a tampered one.
 */
export interface AuditPendingTable {
  pndgId: Generated<number>;
  pndgAt: string;
  pndgActorUserId: string | null;
  pndgActorUsername: string | null;
  pndgCompId: number | null;
  pndgIp: string | null;
  pndgUserAgent: string | null;
  pndgAction: string;
  pndgTargetType: string | null;
  pndgTargetId: string | null;
  pndgOutcome: string;
  pndgDetails: string;
  pndgKeyId: string;
  pndgMac: string;
}

/** One row: the business time zone the rollup is kept in; null while it is not built. */
export interface TransactionRollupStateTable {
  rlstId: number;
  rlstTimeZone: string | null;
}

/** The columns a user shows on a screen, JSON array of field names in order. */
export interface UserColumnChoicesTable {
  uccoUserId: string;
  uccoScreen: string;
  uccoColumns: string;
  uccoUpdatedTime: string;
}

/** A user's named list state on a screen: the URL query and, optionally, the columns (JSON). */
export interface SavedViewsTable {
  svvwId: Generated<number>;
  svvwUserId: string;
  svvwScreen: string;
  svvwName: string;
  svvwQuery: string;
  svvwColumns: string | null;
  svvwUpdatedTime: string;
}

/** A bulk Inquiry or notification re-send (modules/bulk-actions); the key is unique per user. */
export interface BulkJobsTable {
  bulkId: Generated<number>;
  bulkCompId: number;
  /** 'inquiry' | 'resend' */
  bulkAction: string;
  /** The screen the selection came from: 'va' | 'qris' | 'notification'. */
  bulkSource: string;
  bulkReason: string;
  /** 'running' | 'done' | 'cancelled' */
  bulkStatus: string;
  bulkCreatedUserId: string;
  bulkCreatedUsername: string;
  bulkCreatedTime: string;
  bulkFinishedTime: string | null;
  bulkIdempotencyKey: string;
}

/** One transaction of a bulk job and its outcome. */
export interface BulkJobItemsTable {
  bjitId: Generated<number>;
  bjitJobId: number;
  bjitTrctId: number;
  /** The job's action (the per-action indexes need it here). */
  bjitAction: string;
  bjitOrderId: string | null;
  /** The bank (inquiry) or merchant (re-send): the rate limit's unit. */
  bjitGroup: string;
  /** 'pending' | 'succeeded' | 'failed' | 'skipped' */
  bjitStatus: string;
  bjitMessage: string | null;
  /** When a worker last took it (the rate window counts these). */
  bjitClaimedTime: string | null;
  /** A worker holds it until then; after, another may take it. */
  bjitLeaseUntil: string | null;
  bjitFinishedTime: string | null;
}

/** A bearer token we issued to a SNAP partner (stored as its SHA-256 hash). */
export interface SnapAccessTokensTable {
  sntkTokenHash: string;
  sntkClientId: string;
  sntkCreatedAt: string;
  sntkExpiresAt: string;
}

/** A partner's X-EXTERNAL-ID, kept for its business day with the request it named. */
export interface SnapExternalIdsTable {
  snexClientId: string;
  snexDay: string;
  snexExternalId: string;
  snexRequestKey: string;
  snexCreatedAt: string;
}

/** A client's (merchant's) SNAP API access: one row per client, replaced when issued again. */
export interface ClientSnapCredentialsTable {
  clsnClntId: number;
  /** Its X-CLIENT-KEY and X-PARTNER-ID. */
  clsnClientId: string;
  /** PEM (SPKI) RSA public key that checks its token call. */
  clsnPublicKey: string;
  /** The HMAC key of its service calls, sealed (v1:…) under the data key, context `client_snap_credentials.clsnSecret`. */
  clsnSecret: string;
  clsnCreatedTime: string;
  clsnCreatedUserId: string;
  clsnUpdatedTime: string;
  clsnUpdatedUserId: string;
}

/** A bill a merchant opened over SNAP, by its own id (= the transaction's order id), with the answer we gave. */
export interface MerchantBillsTable {
  mbilId: Generated<number>;
  mbilClntId: number;
  /** trxId (create-va) or partnerReferenceNo (qr-mpm-generate). */
  mbilRequestId: string;
  /** SNAP service: '27' create-va, '47' qr-mpm-generate. */
  mbilService: string;
  /** SHA-256 of the request's canonical JSON: the same id with another request is a conflict. */
  mbilRequestHash: string;
  mbilTrctId: number;
  mbilHttpStatus: number;
  mbilResponse: string;
  /** Set when the merchant cancelled it (delete-va). */
  mbilCancelledAt: string | null;
  mbilCreatedAt: string;
}

/** The last number given per key (`va:<partnerServiceId>`, `qris:<bank>`). */
export interface SnapNumberCountersTable {
  sncnKey: string;
  /** bigint: PostgreSQL hands it back as text (the repository converts). */
  sncnLast: number | string;
}

/** A payment a bank pushed that we booked, and the answer we gave it (repeated to its retries). */
export interface BankPaymentsTable {
  bkpyId: Generated<number>;
  bkpyClientId: string;
  bkpyBank: string;
  /** SNAP service: '25' VA payment, '52' QRIS notify. */
  bkpyService: string;
  /** paymentRequestId (25) or originalReferenceNo (52). */
  bkpyRequestId: string;
  bkpyReferenceNo: string | null;
  bkpyTrctId: number | null;
  bkpyHttpStatus: number;
  bkpyResponse: string;
  bkpyCreatedAt: string;
}

/** A bank account statements are imported for (master resource Bank_Account); its companies are in bank_account_companies. */
export type BankAccountsTable = {
  baccId: Generated<number>;
  /** The bank code transactions carry (trctBank, trctQrBank). */
  baccBank: string;
  baccAccountNo: string;
  baccName: string;
  /** JSON of the generic CSV's column mapping (contract csvMapping), or null. */
  baccCsvMapping: string | null;
} & AuditColumns<'bacc'>;

export interface BankAccountCompaniesTable {
  bacoBaccId: number;
  bacoCompId: number;
}

/** One imported statement file; unique per account and SHA-256 of the file. */
export interface ReconStatementsTable {
  stmtId: Generated<number>;
  stmtBaccId: number;
  stmtFormat: string;
  /** The variant the file was read as (formats/statement-events.ts SectionStart.variant); null before migration 0032. */
  stmtVariant: string | null;
  stmtFileName: string | null;
  stmtFileHash: string;
  /** MT940 :20:. */
  stmtReference: string | null;
  /** The business days its lines (or its declared period) cover, and the same as UTC instants [from, to). */
  stmtFromDay: string | null;
  stmtToDay: string | null;
  stmtFromAt: string | null;
  stmtToAt: string | null;
  stmtLines: number;
  stmtSkippedLines: number;
  stmtCredits: number;
  stmtMatched: number;
  stmtBalanceChecked: number;
  /** JSON of the import's answer (repeated when the same file comes again). */
  stmtResult: string;
  stmtCreatedTime: string;
  stmtCreatedUserId: string | null;
  stmtCreatedUsername: string | null;
  /** importing (lines being written, not yet the account's), complete, or failed (no lines; stmtFailure says why). */
  stmtState: Generated<string>;
  /** While importing: until when its server answers for it (renewed batch by batch); past it, the import is abandoned. */
  stmtLeaseUntil: string | null;
  stmtFailure: string | null;
}

/** One statement line; unique per account and fingerprint (date, direction, amount, reference, narrative, occurrence). */
export interface ReconLinesTable {
  stlnId: Generated<number>;
  stlnStmtId: number;
  stlnBaccId: number;
  stlnFingerprint: string;
  /** Where it starts in its file (1-based). */
  stlnFileLine: number;
  /** The value date (YYYY-MM-DD, the bank's business day) and its UTC bounds in BUSINESS_TZ. */
  stlnDay: string;
  stlnDayStart: string;
  stlnDayEnd: string;
  /** 'C' credit, 'D' debit. */
  stlnDirection: string;
  stlnAmountMinor: number;
  stlnReference: string | null;
  stlnNarrative: string;
  /** The rule that matched it (contract MATCH_RULES); null while unmatched. */
  stlnMatchRule: string | null;
}

/** A transaction matched to a statement line; a transaction is matched once. */
export interface ReconMatchesTable {
  rmatId: Generated<number>;
  rmatLineId: number;
  rmatTrctId: number;
  rmatRule: string;
  rmatCreatedTime: string;
  rmatCreatedUserId: string | null;
}

/** A break: an unmatched line (rbrkLineId) or an unmatched paid transaction (rbrkTrctId without a line). */
export interface ReconBreaksTable {
  rbrkId: Generated<number>;
  rbrkBaccId: number;
  rbrkStmtId: number | null;
  rbrkLineId: number | null;
  /** The transaction the break is about (missing_at_bank, amount, status, duplicate); null for missing_in_tagih. */
  rbrkTrctId: number | null;
  /** The transaction's company; for a line without one, the account's only company, else null. */
  rbrkCompId: number | null;
  rbrkCategory: string;
  /** The line's day start, or the transaction's paid time (missing_at_bank: "expected" until late). */
  rbrkAt: string;
  rbrkCandidateTrctId: number | null;
  /** JSON array of { field, bank, tagih } raw values (minor units, days, statuses), formatted when read. */
  rbrkDifferences: string;
  /** 'open' | 'resolved' */
  rbrkStatus: string;
  /** 'accept' | 'link' | 'matched' */
  rbrkResolution: string | null;
  rbrkReason: string | null;
  rbrkResolvedTime: string | null;
  rbrkResolvedUserId: string | null;
  rbrkResolvedUsername: string | null;
  rbrkCreatedTime: string;
  rbrkUpdatedTime: string;
}

/** What happened to a break, oldest first (its detail's history). */
export interface ReconBreakEventsTable {
  rbevId: Generated<number>;
  rbevBreakId: number;
  rbevAt: string;
  rbevAction: string;
  rbevUserId: string | null;
  rbevUsername: string | null;
  rbevReason: string | null;
  rbevOutcome: string | null;
  /** JSON object, or null. */
  rbevDetails: string | null;
}

export interface Database {
  users: UsersTable;
  user_logins: UserLoginsTable;
  user_password_history: UserPasswordHistoryTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  user_companies: UserCompaniesTable;
  company_groups: CompanyGroupsTable;
  companies: CompaniesTable;
  clients: ClientsTable;
  transactions: TransactionsTable;
  transaction_va: TransactionVaTable;
  transaction_qr: TransactionQrTable;
  notifications: NotificationsTable;
  audit_pending: AuditPendingTable;
  notification_history: NotificationHistoryTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  login_rate_limit: LoginRateLimitTable;
  action_throttle: ActionThrottleTable;
  user_two_factor: UserTwoFactorTable;
  user_recovery_codes: UserRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  audit_events: AuditEventsTable;
  inquiry_attempts: InquiryAttemptsTable;
  transaction_rollup: TransactionRollupTable;
  transaction_rollup_state: TransactionRollupStateTable;
  notification_rollup: NotificationRollupTable;
  notification_rollup_bulk: { nrbkId: number };
  user_column_choices: UserColumnChoicesTable;
  saved_views: SavedViewsTable;
  bulk_jobs: BulkJobsTable;
  bulk_job_items: BulkJobItemsTable;
  snap_access_tokens: SnapAccessTokensTable;
  snap_external_ids: SnapExternalIdsTable;
  bank_payments: BankPaymentsTable;
  client_snap_credentials: ClientSnapCredentialsTable;
  merchant_bills: MerchantBillsTable;
  snap_number_counters: SnapNumberCountersTable;
  bank_accounts: BankAccountsTable;
  bank_account_companies: BankAccountCompaniesTable;
  recon_statements: ReconStatementsTable;
  recon_lines: ReconLinesTable;
  recon_matches: ReconMatchesTable;
  recon_breaks: ReconBreaksTable;
  recon_break_events: ReconBreakEventsTable;
}

export type TableName = keyof Database;
export type Row<T extends TableName> = Selectable<Database[T]>;
export type NewRow<T extends TableName> = Insertable<Database[T]>;
export type RowUpdate<T extends TableName> = Updateable<Database[T]>;

/** What a repository function takes first: the database, or the transaction its caller began. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

/** True on PostgreSQL, false on the embedded SQLite. */
export const isPostgres = (db: DbOrTx): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;
