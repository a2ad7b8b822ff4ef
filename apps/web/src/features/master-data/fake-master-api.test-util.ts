/** A fake `fetch` answering like the real API (envelope, list payload), for master screen tests. */
import { fieldMeta, type AccessMap, type ResourceDef } from '@tagih/contract';
import { vi } from 'vitest';
import { envelopeResponse } from '../../test/render.tsx';

export interface FakeCall {
  method: string;
  url: URL;
  body: unknown;
}

type Answer = Response | undefined;

export function fakeMasterApi(
  resource: ResourceDef,
  rows: Record<string, unknown>[],
  access: AccessMap,
  override: (call: FakeCall) => Answer = () => undefined,
  { isSuperadmin = false }: { isSuperadmin?: boolean } = {},
) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = override(call);
    if (answer) return answer;
    if (url.pathname === '/api/security/authentication/status') {
      return envelopeResponse({
        access,
        user: 'admin',
        username: 'admin',
        isSuperadmin,
        company: { active: null, available: [] },
      });
    }
    if (call.method === 'GET' && url.pathname === `/api${resource.path}`) {
      const max = Number(url.searchParams.get('max') ?? 10);
      // Exact look-ups (finds[field][eq]=v) are answered; other filters are the test's business.
      let found = rows;
      for (const [key, value] of url.searchParams) {
        const field = /^finds\[(\w+)\]\[eq\]$/.exec(key)?.[1];
        if (field) found = found.filter((r) => String(r[field]) === value);
      }
      return envelopeResponse({
        data: found.slice(0, max),
        pagination: {
          totalData: found.length,
          totalPage: Math.ceil(found.length / max),
          page: 1,
          itemPerPage: max,
        },
        fields: fieldMeta(resource),
      });
    }
    return envelopeResponse(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  const listCalls = () =>
    calls.filter((c) => c.method === 'GET' && c.url.pathname === `/api${resource.path}`);
  return { calls, listCalls, fetchMock };
}
