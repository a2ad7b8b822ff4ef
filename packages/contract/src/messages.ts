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
  notifyOk: 'Berhasil mengirim notifikasi.',
  notifyFailed: 'Gagal mengirim notifikasi',
  unknownError: 'Unknown error',
  exportFailed: 'Gagal mengekspor data',
  noData: 'No data available',
  companyFetchFailed: 'Gagal fetch company.',
  // server-side
  ok: 'Success',
  invalidCredentials: 'Invalid username or password.',
  accountLocked: 'Too many failed sign-in attempts. Try again later.',
  tooManyRequests: 'Too many requests. Try again later.',
  sessionInvalid: 'Session is missing, expired or revoked. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  companyNotAllowed: 'This company is not available to you.',
  noActiveCompany: 'Select a company first.',
  notFound: 'Not found.',
  invalidRequest: 'Invalid request.',
  bodyTooLarge: 'Request body is too large.',
  internalError: 'Internal server error.',
  usernameTaken: 'Username has already been used',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** '{field} has already been used' (spec §5 uniqueness). */
export const alreadyUsed = (field: string): string => `${field} has already been used`;
/** A dropdown's options failed to load (spec §8 'Gagal mendapatkan ... data'). */
export const loadFailed = (what: string): string => `Gagal mendapatkan ${what} data`;
/** '{field} is required' (spec §5). */
export const isRequired = (field: string): string => `${field} is required`;
