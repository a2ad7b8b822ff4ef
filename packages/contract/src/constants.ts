/** Business constants of spec §9 that both ends use. */
export const SEARCH_DEBOUNCE_MS = { default: 300, slow: 500 } as const;
export const UNIQUENESS_PAUSE_MS = { default: 300, manageAccount: 150 } as const;
export const TOAST = { autoCloseMs: 5000, hoverExtendMs: 1000, logoutErrorMs: 2000 } as const;
export const DIALOG_WIDTH = { form: 500, genericForm: 600, filter: 480, confirm: 480 } as const;
export const LAYOUT = {
  sidebarOpenAbovePx: 1024,
  mobileAtOrBelowPx: 600,
  drawerWidth: 256,
  railWidth: 56,
  appBarHeight: 64,
} as const;
export const NOTIFICATIONS_EPOCH = '1970-01-01';
export const DEFAULT_BUSINESS_TZ = 'Asia/Jakarta';
/** `status.errorCode` of an answer whose session is gone (missing, expired, signed out): the web signs the user out. */
export const SESSION_ERROR_CODE = 411;
export const CSV_FILES = { va: 'transactions_VA.csv', qris: 'transactions_QRIS.csv' } as const;
/** The same exports as Excel workbooks (issue 35 item 9: the CSV opens badly in an Indonesian Excel). */
export const XLSX_FILES = { va: 'transactions_VA.xlsx', qris: 'transactions_QRIS.xlsx' } as const;
