import { formatMinorIdr } from './format.ts';

/** Every user-facing message of spec §8 (and the few the server adds), by key. */
export const MESSAGES = {
  loginFailed: 'Login gagal. Silahkan periksa lagi inputan anda.',
  loginNoAccess: 'Login gagal. Anda tidak memiliki akses.',
  statusLoadFailed: 'Gagal Mendapatkan User Status.',
  reloginTitle: 'Silahkan Login Kembali',
  noToken: 'Token Tidak Tersedia',
  noTokenCompanyPage: 'Tidak ada token tersimpan. Mengalihkan ke halaman login..',
  sessionExpired: 'Sesi Login Telah Habis',
  logoutFailedTitle: 'Gagal keluar aplikasi!',
  companyListFailed: 'Failed to get allowed company list.',
  setCompanyOk: 'Berhasil Set Company. Selamat Datang!',
  setCompanyFailed: 'Gagal Set Company.',
  selectCompanyRequired: 'Please select a company.',
  accountUpdated: 'Please relogin.',
  accountUpdateFailed: 'Failed to update user account data.',
  accountUpdateError: 'Error while updating user account data',
  noPageAccess: 'You do not have access to this page.',
  noAccessHeading: 'No Access',
  noAccessText: "Looks like you don't have permission to access this content.",
  inquiryOk: 'Berhasil mengirim inquiry status.',
  inquiryFailed: 'Gagal mengirim inquiry status',
  resendOk: 'Berhasil mengirim notifikasi.',
  resendFailed: 'Gagal mengirim notifikasi',
  unknownError: 'Unknown error',
  exportFailed: 'Gagal mengekspor data',
  noData: 'No data available',
  companyFetchFailed: 'Gagal fetch company.',
  // server-side
  ok: 'Success',
  invalidCredentials: 'Invalid username or password.',
  accountLocked: 'Too many failed sign-in attempts. Try again later.',
  tooManyRequests: 'Too many requests. Try again later.',
  /** Inquiry / Notif refused by the per-user limit (ACTION_RATE_LIMIT_PER_MINUTE). */
  actionRateLimited: 'Too many Inquiry and Notif requests. Please wait a moment and try again.',
  /** Inquiry / Notif refused on one transaction: one at a time, at most one per ACTION_MIN_INTERVAL_SECONDS. */
  actionTooSoon:
    'This transaction was checked or notified moments ago. Please wait a few seconds and try again.',
  actionInProgress: 'This transaction is being checked right now. Please wait and try again.',
  /** A live stream refused: the user holds LIVE_STREAMS_PER_USER open already (other tabs). */
  liveStreamsLimit: 'Too many tabs with live updates open. Close one, or use Refresh here.',
  /** A large list page (more rows than LARGE_PAGE_ROWS) or an export while another of the same user's is still being sent. */
  largeReadInProgress:
    'Another large list or export of yours is still being sent. Please wait until it has finished, then try again.',
  /** GET …/export.{format} with a format other than csv or xlsx. */
  unknownExportFormat: (format: string) =>
    `Unknown export format '${format}'. The export is export.csv (CSV) or export.xlsx (Excel).`,
  /** A bulk job started while the user already has BULK_JOBS_PER_USER running. */
  bulkJobsPerUser: (running: number) =>
    `You already have ${running} bulk ${running === 1 ? 'job' : 'jobs'} running, the most allowed at once. Please wait until one has finished, then start this one.`,
  sessionInvalid: 'Session is missing, expired or revoked. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  companyNotAllowed: 'This company is not available to you.',
  noActiveCompany: 'Select a company first.',
  notFound: 'Not found.',
  invalidRequest: 'Invalid request.',
  bodyTooLarge: 'Request body is too large.',
  /** The router could not read the address (a broken % escape) or one of its segments is too long. */
  malformedUrl: 'The address is not valid (a broken % escape).',
  urlSegmentTooLong: 'A part of the address is too long.',
  /** Said of the field named before it: no text the server reads may hold a NUL character. */
  nulCharacter: 'must not contain a NUL character',
  internalError: 'Internal server error.',
  usernameTaken: 'Username has already been used',
  passwordRequired: 'Password is required',
  onlySuperadminGrantsSuperadmin: 'Only a Superadmin can grant the Superadmin role.',
  onlySuperadminChangesSuperadmin: 'Only a Superadmin can change a Superadmin user.',
  onlySuperadminChangesSuperadminRole:
    'Only a Superadmin can change the permissions of the Superadmin role.',
  ownRolePermissions: 'You cannot change the permissions of a role you hold.',
  grantBeyondOwn: 'You cannot grant a permission you do not hold yourself.',
  /** Nobody acts on an account stronger than their own: the target holds an area.action the actor does not. */
  strongerAccount: 'You cannot change a user who holds a permission you do not hold yourself.',
  onlySuperadminChangesPermissions: 'Only a Superadmin can change or delete a permission.',
  superadminRoleKeepsAll:
    'The Superadmin role must keep every operation that exists; this change would take some away.',
  userUnlocked: 'User unlocked.',
  userUnlockFailed: 'Gagal membuka kunci user.',
  /** A client's SNAP API access (Client screen, modules/merchant-access). */
  clientApiIssued: 'API access given. Copy the client secret now: it is shown only once.',
  clientApiIssueFailed: 'Gagal memberi akses API.',
  clientApiRevoked: 'API access revoked.',
  clientApiRevokeFailed: 'Gagal mencabut akses API.',
  clientApiKeyInvalid:
    'The public key must be an RSA public key in PEM form (-----BEGIN PUBLIC KEY-----), 2048 bits or more.',
  clientApiNotYours: 'You can manage API access only for the clients of your companies.',
  clientApiNone: 'This client has no API access.',
  clientApiNeedsDataKey:
    'API access needs a data key (DATA_KEY) on the server to keep the client secret encrypted.',
  /** Table preferences. */
  columnsSaved: 'Kolom tersimpan.',
  columnsUnknown: 'Kolom tidak dikenal di layar ini.',
  viewSaved: 'Tampilan tersimpan.',
  viewDeleted: 'Tampilan dihapus.',
  viewsFull: 'Tampilan tersimpan sudah penuh (maksimal 20 per layar). Hapus salah satu dulu.',
  preferencesSaveFailed: 'Gagal menyimpan preferensi.',
  twoFactorCodeInvalid: 'The code is not valid. Check your authenticator app and try again.',
  twoFactorChallengeInvalid:
    'The sign-in has expired or had too many wrong codes. Please sign in again.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  twoFactorNotSetUp: 'Start the two-factor setup first.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  twoFactorNeedsDataKey: 'Two-factor sign-in needs a data key (DATA_KEY) on the server.',
  twoFactorEnrolmentRequired:
    'Your role requires two-factor sign-in. Set it up in Manage Account before doing anything else.',
  twoFactorEnabled: 'Two-factor sign-in is on.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  twoFactorReset: 'Two-factor sign-in reset.',
  twoFactorResetFailed: 'Gagal mereset two-factor user.',
  passwordInvalid: 'The password is not correct.',
  /** PASSWORD_POLICY=pci (packages/contract/src/password-policy.ts). */
  passwordPciTooShort: 'Password must be at least 12 characters',
  passwordPciLettersAndDigits: 'Password must contain both letters and digits',
  passwordPciIsUsername: 'Password must not contain the username',
  passwordPciReused: 'Password must not be one of the last 4 passwords',
  passwordPciTooCommon: 'Password is too common. Choose a less predictable password',
  currentPasswordRequired: 'Current password is required',
  currentPasswordInvalid: 'Current password is not correct',
  newPasswordRequired: 'Set a new password to continue',
  passwordExpired:
    'Your password has expired. Set a new password in Manage Account before doing anything else.',
  passwordMustChange:
    'Your password was set by an administrator. Set a new password in Manage Account before doing anything else.',
  failedAttemptsSinceLastLogin: (n: number) =>
    `${n} failed sign-in attempt${n === 1 ? '' : 's'} since your last sign-in.`,
  /** Toasts of the master screens (spec §8), by resource; texts are the spec's, typos included. */
  master: {
    user: {
      created: 'User added successfully',
      updated: 'Berhasil memperbarui user data.',
      saveFailed: 'Error saving user data (user)',
      deleted: 'User deleted successfully',
      deleteFailed: 'Error deleting user',
    },
    userCompany: {
      created: 'User added successfully',
      updated: 'User updated successfully',
      saveFailed: 'Error saving user data',
      deleted: 'User Company deleted successfully',
      deleteFailed: 'Error deleting user company',
    },
    userRole: {
      created: 'Berhasil menambahkan user role.',
      updated: 'Berhasil memperbarui user role.',
      saveFailed: 'Error saving user data',
      deleted: 'User role deleted successfully',
      deleteFailed: 'Error deleting user role',
    },
    company: {
      created: 'Berhasil menambahkan company baru.',
      updated: 'Berhasil memperbarui company data.',
      saveFailed: 'Gagal menyimpan companydata',
      deleted: 'Company deleted successfully',
      deleteFailed: 'Error deleting user',
    },
    companyGroup: {
      created: 'Berhasil menambahkan company baru.',
      updated: 'Berhasil memperbarui company group data.',
      saveFailed: 'Gagal menyimpan companydata',
      deleted: 'Company Group deleted successfully',
      deleteFailed: 'Error deleting user',
    },
    permission: {
      created: 'Berhasil menambahkan permission.',
      updated: 'Berhasil memperbarui permission.',
      saveFailed: 'Gagal menyimpan permission.',
      deleted: 'Permission Berhasil Dihapus.',
      deleteFailed: 'Gagal menghapus permission',
    },
    rolePermission: {
      created: 'Berhasil menambahkan role permission.',
      updated: 'Berhasil memperbarui role permission.',
      saveFailed: 'Gagal menyimpan permission.',
      deleted: 'Role permission deleted successfully',
      deleteFailed: 'Error deleting user roles',
    },
    role: {
      created: 'Berhasil menambahkan role baru.',
      updated: 'Berhasil memperbarui role data.',
      saveFailed: 'Gagal menyimpan companydata',
      deleted: 'Roles deleted successfully',
      deleteFailed: 'Error deleting Roles',
    },
    bankAccount: {
      created: 'Berhasil menambahkan rekening bank.',
      updated: 'Berhasil memperbarui rekening bank.',
      saveFailed: 'Gagal menyimpan rekening bank.',
      deleted: 'Rekening bank berhasil dihapus.',
      deleteFailed: 'Gagal menghapus rekening bank.',
    },
  },
} as const;

/** '{field} has already been used' (spec §5 uniqueness). */
export const alreadyUsed = (field: string): string => `${field} has already been used`;
/** A dropdown's options failed to load (spec §8 'Gagal mendapatkan ... data'). */
export const loadFailed = (what: string): string => `Gagal mendapatkan ${what} data`;
/** '{field} is required' (spec §5). */
export const isRequired = (field: string): string => `${field} is required`;

/**
 * What an Inquiry or a Notif came to, for the operator: the server's `message` that the
 * Indonesian toasts ('Berhasil mengirim inquiry status.', 'Gagal mengirim notifikasi') show.
 */
export const ACTION_OUTCOME = {
  inquiryUnpaid: (bank: string, reason: string, expired: boolean): string =>
    `Bank ${bank}: belum dibayar (${reason})${expired ? '; QR sudah lewat masa berlaku: Kadaluarsa' : ''}`,
  inquiryPaid: (bank: string, orderId: string, notified: string): string =>
    `Bank ${bank}: sudah dibayar, order ${orderId} kini Lunas; ${notified}`,
  inquiryAlreadyPaid: (bank: string, orderId: string): string =>
    `Bank ${bank}: sudah dibayar; order ${orderId} sudah ditandai Lunas oleh permintaan lain`,
  notificationSending: 'notifikasi sedang dikirim',
  notificationDelivered: 'notifikasi terkirim',
  notificationPending: (message: string): string =>
    `notifikasi belum terkirim (${message}); akan dicoba lagi`,
  merchantAnswered: (httpStatus: number | null): string => `Merchant menjawab HTTP ${httpStatus}`,
  merchantNotReached: (error: string): string => `Merchant tidak dapat dihubungi: ${error}`,
} as const;

/** A bank's text quoted for an operator, cut short: it came from outside. */
const quoted = (text: string): string =>
  JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * Why a bank's "paid" answer was not believed (server: modules/ledger/payment-evidence.ts): what the
 * bank said, amounts as the screens show them ('2.707.000,00'), times in the business time zone.
 */
export const BANK_CLAIM_REFUSED = {
  amountMismatch: (bank: string, paidMinor: number, totalMinor: number): string =>
    `${bank} reports ${formatMinorIdr(paidMinor)} paid for a bill of ${formatMinorIdr(totalMinor)}`,
  amountNotPositive: (bank: string, paidMinor: number): string =>
    `${bank} reports ${formatMinorIdr(paidMinor)} paid; a payment is more than 0,00`,
  amountMalformed: (bank: string, text: string): string =>
    `${bank} reports ${quoted(text)} paid, which is not an amount in rupiah with at most 2 decimals`,
  amountMissing: (bank: string): string =>
    `${bank} reports the bill paid without saying how much was paid`,
  billWithoutTotal: (bank: string, paidMinor: number): string =>
    `${bank} reports ${formatMinorIdr(paidMinor)} paid, but the bill has no total to compare it with`,
  otherVa: (bank: string, claimed: string, ours: string): string =>
    `${bank} reports a payment to VA ${quoted(claimed)}, not to this bill's VA ${ours}`,
  vaNotNamed: (bank: string): string => `${bank} reports a payment without naming the VA number`,
  otherQrisReference: (bank: string, claimed: string, ours: string): string =>
    `${bank} reports a payment for ${quoted(claimed)}, not for this bill's ${ours}`,
  qrisNotNamed: (bank: string): string =>
    `${bank} reports a payment without naming the order id or the QRIS reference`,
  paidTimeUnreadable: (bank: string, text: string): string =>
    `${bank} reports the payment at ${quoted(text)}, which is not a date and time with its zone`,
  paidTimeFuture: (bank: string, paidAt: string, now: string): string =>
    `${bank} reports the payment at ${paidAt}, later than now (${now})`,
  paidTimeBeforeBill: (bank: string, paidAt: string, createdAt: string): string =>
    `${bank} reports the payment at ${paidAt}, before the bill was created (${createdAt})`,
  /** The operator's toast: the reason, and that nothing changed. */
  notMarkedPaid: (reason: string): string => `${reason}; the transaction was not marked paid`,
} as const;

/**
 * What we answer SNAP BI partners (banks) in `responseMessage`, in SNAP's own English wording
 * (server: modules/snap). The field named is the request's, as the partner spelt it.
 */
export const SNAP_ANSWERS = {
  successful: 'Successful',
  missingField: (field: string): string => `Invalid Mandatory Field {${field}}`,
  badField: (field: string): string => `Invalid Field Format {${field}}`,
  unauthorized: (reason: string): string => `Unauthorized. [${reason}]`,
  invalidToken: 'Invalid Token (B2B)',
  unknownBill: 'Invalid Bill/Virtual Account [Not Found]',
  unknownTransaction: 'Transaction Not Found',
  invalidAmount: 'Invalid Amount',
  paidBill: 'Paid Bill',
  expiredBill: 'Invalid Bill/Virtual Account [Expired]',
  conflict: 'Conflict',
  /** 409xx01: the merchant's id of a bill (trxId, partnerReferenceNo) already names another request. */
  duplicate: (field: string): string => `Duplicate ${field}`,
  /** 403xx01: an authenticated caller asking for a service that is not for it (a bank opening bills, a merchant paying them). */
  featureNotAllowed: (reason: string): string => `Feature Not Allowed [${reason}]`,
  tooLarge: 'Request Entity Too Large',
  tooManyRequests: 'Too Many Requests',
  unsupportedMediaType: 'Unsupported Media Type',
  generalError: 'General Error',
  /** Reasons of a refused call, in the audit trail and inside `unauthorized(...)`. */
  reason: {
    unknownClient: 'Unknown client',
    signature: 'Signature',
    timestamp: 'X-TIMESTAMP',
    partnerId: 'X-PARTNER-ID',
    /** A bank's token on a merchant's service, or a merchant's on a bank's. */
    notForCaller: 'Not for this client',
    /** A merchant whose client has no active company (or names none of its own). */
    noCompany: 'No active company',
  },
} as const;
