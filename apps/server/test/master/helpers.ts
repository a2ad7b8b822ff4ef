/** Shared pieces of the master-data API tests. */
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../support/test-app.ts';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the JSON freely
  body: any;
  raw: LightMyRequestResponse;
}

export interface Api {
  get(url: string): Promise<Answer>;
  post(url: string, payload: unknown): Promise<Answer>;
  put(url: string, payload: unknown): Promise<Answer>;
  del(url: string): Promise<Answer>;
}

export function apiFor(ctx: TestContext, token: string): Api {
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<Answer> => {
    const raw = await ctx.inject({
      method,
      url: `/api${url}`,
      token,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: raw.statusCode, body: raw.json(), raw };
  };
  return {
    get: (url) => call('GET', url),
    post: (url, payload) => call('POST', url, payload),
    put: (url, payload) => call('PUT', url, payload),
    del: (url) => call('DELETE', url),
  };
}

/** A query string from pairs, encoded the way a browser would. */
export const qs = (params: Record<string, string | number>): string =>
  '?' + new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

export const GROUP = {
  grcpName: 'Mega Niaga Group',
  grcpNickName: 'MNG',
  grcpAddress: 'Jl. Gatot Subroto No. 7',
  grcpCity: 'Surabaya',
  grcpTelp: '0315550101',
  grcpFax: '(031) 5550102',
};

export const COMPANY = {
  compName: 'PT Baru Jaya',
  compAddress: 'Jl. Pemuda No. 3',
  compPhone: '0315550199',
  compPIC: 'Rudi Hartono',
  compPICPhone: '081255509999',
  compStatus: 1,
};
