/** The calls operators make all day, shared by the latency benchmark and the load test. */
import {
  API_BASE,
  API_PATHS,
  NOTIFICATIONS_EPOCH,
  TRANSACTION_KINDS,
  companyResource,
  fillPath,
  transactionPaths,
} from '@tagih/contract';

/** An API path as the client sends it: under /api, parameters filled. */
export const api = (path: string, params: Record<string, string | number> = {}): string =>
  `${API_BASE}${fillPath(path, params)}`;

export const VA = api(transactionPaths(TRANSACTION_KINDS.va).list);
export const QR = api(transactionPaths(TRANSACTION_KINDS.qris).list);
export const STATUS = api(API_PATHS.auth.status);
export const LOGIN = api(API_PATHS.auth.login);
export const NOTIFICATIONS = api(API_PATHS.notifications.list);
export const COMPANIES = api(companyResource.path);
export const setCompanyPath = (compId: number): string =>
  api(API_PATHS.auth.setCompany, { compId });

/** 'YYYY-MM-DD' n days before `day`. */
export const daysBefore = (day: string, n: number): string => {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

/** A query string from plain values. */
export const q = (params: Record<string, string | number>): string =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** The operator mix of the load test: what a busy back office asks over and over, equally often. */
export function operatorMix(today: string, days: number): { name: string; path: string }[] {
  const from = daysBefore(today, days);
  return [
    { name: 'status', path: STATUS },
    { name: 'VA list, today', path: `${VA}?${q({ page: 1, max: 10, from: today, to: today })}` },
    { name: `VA list, ${days} days`, path: `${VA}?${q({ page: 1, max: 10, from, to: today })}` },
    {
      name: 'notifications list',
      path: `${NOTIFICATIONS}?${q({ page: 1, max: 10, from: NOTIFICATIONS_EPOCH, to: today })}`,
    },
    { name: 'master list (companies)', path: `${COMPANIES}?${q({ page: 1, max: 10 })}` },
  ];
}
