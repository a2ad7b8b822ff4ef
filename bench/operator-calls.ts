/** The calls operators make all day, shared by the latency benchmark and the load test. */

export const VA = '/api/dashboard/transactionVa';
export const QR = '/api/dashboard/transactionQr';

/** 'YYYY-MM-DD' n days before `day`. */
export const daysBefore = (day: string, n: number): string => {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

/** A query string from plain values. */
export const q = (params: Record<string, string | number>): string => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** The operator mix of the load test: what a busy back office asks over and over, equally often. */
export function operatorMix(today: string, days: number): { name: string; path: string }[] {
  const from = daysBefore(today, days);
  return [
    { name: 'status', path: '/api/security/authentication/status' },
    { name: 'VA list, today', path: `${VA}?${q({ page: 1, max: 10, from: today, to: today })}` },
    { name: `VA list, ${days} days`, path: `${VA}?${q({ page: 1, max: 10, from, to: today })}` },
    { name: 'notifications list', path: `/api/dashboard/notification?${q({ page: 1, max: 10, from: '1970-01-01', to: today })}` },
    { name: 'master list (companies)', path: `/api/master/company?${q({ page: 1, max: 10 })}` },
  ];
}
