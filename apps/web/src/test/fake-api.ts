/**
 * A stand-in for the server at the network boundary: global fetch answers by
 * 'METHOD /api/path' with real envelope shapes, and every call is recorded.
 */
import type { AccessMap, StatusData } from '@tagih/contract';
import { vi } from 'vitest';
import { storeToken } from '../api/session.ts';
import { envelopeResponse } from './render.tsx';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** A JSON body, parsed; undefined without one. */
  body?: unknown;
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

export function statusData(access: AccessMap, isSuperadmin = false): StatusData {
  return {
    access,
    user: 'budi.staff@tagih.id',
    username: 'budi',
    isSuperadmin,
    company: {
      active: { compId: 1, compName: 'PT Toko Maju' },
      available: [{ compId: 1, compName: 'PT Toko Maju' }],
    },
  };
}

/**
 * Stubs fetch; the status call answers with `access` (and `isSuperadmin`, default false)
 * unless a handler says otherwise.
 */
export function fakeApi(
  access: AccessMap,
  handlers: Record<string, FakeHandler>,
  { isSuperadmin = false }: { isSuperadmin?: boolean } = {},
) {
  storeToken('token-1');
  const calls: FakeRequest[] = [];
  const all: Record<string, FakeHandler> = {
    'GET /api/security/authentication/status': () =>
      envelopeResponse(statusData(access, isSuperadmin)),
    ...handlers,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request: FakeRequest = {
        method: init?.method ?? 'GET',
        url: new URL(String(input), 'http://localhost'),
        headers: { ...(init?.headers as Record<string, string> | undefined) },
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(request);
      const handler = all[`${request.method} ${request.url.pathname}`];
      if (handler) return handler(request);
      return envelopeResponse(null, { status: 404, error: 1, message: 'Not found.' });
    }),
  );
  return {
    calls,
    /** Calls to one endpoint, oldest first. */
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}

/** A promise with its resolve handle, to hold an answer back while the UI waits. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
