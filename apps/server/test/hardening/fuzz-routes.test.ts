/**
 * Every route of the app, every parameter it declares, a corpus of hostile values (NUL bytes,
 * numbers out of range or not whole, arrays and objects for text, flags for ids, malformed
 * escapes): never a 5xx, and every refusal is the JSON envelope. The routes come from the app
 * itself (its route table with each route's schemas), so a new route is walked without a change
 * here. Signed in as the Superadmin with a company chosen; the session-ending route goes last;
 * no bank or merchant is called. The walk is sampled with a fixed seed; a failure names the
 * request. To look further: FUZZ_SEED (another sample), FUZZ_REQUESTS_PER_ROUTE (more of each
 * route, 100000 = all), FUZZ_TIMING=1 (time per route).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  API_PATHS,
  TRANSACTION_KINDS,
  auditResource,
  breakResource,
  notificationResource,
  type ResourceDef,
} from '@tagih/contract';
import type { RouteEntry } from '../../src/app.ts';
import { MASTER_RESOURCES } from '../../src/modules/master/routes.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import {
  HOSTILE_JSON,
  HOSTILE_TEXT,
  enumOptions,
  fieldsOf,
  plausibleValue,
  sample,
  seededRandom,
  takesOtherKeys,
} from '../support/fuzz-inputs.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
/** Requests per route (a sample of parameter × corpus; every parameter is tried at least once). */
const REQUESTS_PER_ROUTE = Number(process.env.FUZZ_REQUESTS_PER_ROUTE ?? 24);
/** Path segments that are not even text: a broken percent escape, an escaped NUL, an escaped slash. */
const RAW_SEGMENTS = ['%E0%A4%A', '%00', '%2F', '%'];
/**
 * Routes that change the signed-in user's own sign-in (username, password, two-factor) come
 * after the rest, and the one that ends the session last of all.
 */
const rankOf = (url: string): number =>
  url === `/api${API_PATHS.auth.logout}` ? 2 : url.startsWith('/api/account/') ? 1 : 0;

const RESOURCES: readonly ResourceDef[] = [
  ...MASTER_RESOURCES.map((r) => r.def),
  ...Object.values(TRANSACTION_KINDS).map((k) => k.resource),
  notificationResource,
  auditResource,
  breakResource,
];
const OPERATORS = [
  'equal',
  'not_equal',
  'contain',
  'greater_than',
  'less_than_equal',
  'start_with',
  'eq',
  'is_null',
];

interface FuzzRequest {
  method: string;
  url: string;
  payload?: unknown;
  /** What was fuzzed, for the failure message. */
  what: string;
}

/** The list resource a route belongs to: the longest resource path its URL starts with. */
function resourceOf(url: string): ResourceDef | undefined {
  return RESOURCES.filter((r) => url === `/api${r.path}` || url.startsWith(`/api${r.path}/`)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
}

const paramNames = (url: string): string[] => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const fillUrl = (url: string, values: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? '1');
const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

/** Filter keys of a list resource: per filterable field, finds[field] or finds[field][operator]. */
function listKeys(resource: ResourceDef | undefined, random: () => number): string[] {
  if (!resource) return ['finds[x]'];
  const fields = resource.fields
    .filter((f) => !f.derived && f.filterable !== false)
    .map((f) => f.name);
  return fields.map((f) =>
    random() < 0.5 ? `finds[${f}]` : `finds[${f}][${sample(OPERATORS, 1, random)[0]}]`,
  );
}

/** At most `budget` requests, taken from each parameter's requests in turn (each parameter at least once). */
function roundRobin(groups: FuzzRequest[][], budget: number): FuzzRequest[] {
  const limit = Math.max(budget, groups.length);
  const out: FuzzRequest[] = [];
  for (let round = 0; out.length < limit && groups.some((g) => round < g.length); round++) {
    for (const group of groups)
      if (round < group.length && out.length < limit) out.push(group[round]!);
  }
  return out;
}

function planRoute(
  route: RouteEntry,
  validParams: Record<string, string>,
  random: () => number,
): FuzzRequest[] {
  const { method, url } = route;
  const resource = resourceOf(url);
  const base = fillUrl(url, validParams);
  const bodySchema = route.schema?.body as z.ZodType | undefined;
  const baseline = bodySchema
    ? ((plausibleValue(bodySchema) as Record<string, unknown> | undefined) ?? {})
    : undefined;
  const groups: FuzzRequest[][] = [];
  /** One parameter's requests, in a random order. */
  const group = (requests: Omit<FuzzRequest, 'method'>[]) =>
    groups.push(
      sample(requests, requests.length, random).map((r) => ({
        method,
        ...r,
        ...(baseline && !('payload' in r) ? { payload: baseline } : {}),
      })),
    );

  for (const name of paramNames(url)) {
    const at = (value: string) => fillUrl(url, { ...validParams, [name]: value });
    group(RAW_SEGMENTS.map((raw) => ({ url: at(raw), what: `path :${name}=${raw}` })));
    group(
      HOSTILE_TEXT.map((value) => ({
        url: at(encodeURIComponent(value)),
        what: `path :${name}=${short(value)}`,
      })),
    );
  }

  const querySchema = route.schema?.querystring as z.ZodType | undefined;
  if (querySchema) {
    const keys = [
      ...Object.keys(fieldsOf(querySchema)),
      ...(takesOtherKeys(querySchema) ? listKeys(resource, random) : []),
    ];
    for (const key of keys) {
      const name = encodeURIComponent(key);
      group([
        ...HOSTILE_TEXT.map((value) => ({
          url: `${base}?${name}=${encodeURIComponent(value)}`,
          what: `query ${key}=${short(value)}`,
        })),
        { url: `${base}?${encodeURIComponent(`${key}[]`)}=1`, what: `query ${key}[]` },
        { url: `${base}?${name}=1&${name}=2`, what: `query ${key} twice` },
      ]);
    }
    if (keys.includes('additionalFilter') && resource) {
      const fields = resource.fields.filter((f) => !f.derived && f.filterable !== false);
      group(
        fields.flatMap((field) =>
          HOSTILE_JSON.map((value) => ({
            url: `${base}?additionalFilter=${encodeURIComponent(JSON.stringify({ [field.name]: value }))}`,
            what: `additionalFilter ${field.name}=${short(value)}`,
          })),
        ),
      );
    }
    group([{ url: `${base}?%E0%A4%A=1&page=%E0%A4%A`, what: 'query with broken escapes' }]);
  }

  if (bodySchema && baseline) {
    const walk = (schema: z.ZodType, prefix: string[], body: Record<string, unknown>) => {
      for (const [name, field] of Object.entries(fieldsOf(schema))) {
        const path = [...prefix, name];
        const put = (value: unknown) => setAt(structuredClone(baseline), path, value);
        group(
          HOSTILE_JSON.map((value) => ({
            url: base,
            payload: put(value),
            what: `body ${path.join('.')}=${short(value)}`,
          })),
        );
        const nested = body[name];
        if (nested && typeof nested === 'object' && !Array.isArray(nested))
          walk(field, path, nested as Record<string, unknown>);
        if (takesOtherKeys(field)) {
          group(
            RESOURCES.flatMap((r) => listKeys(r, random)).map((key) => {
              const value = sample(HOSTILE_TEXT, 1, random)[0];
              return {
                url: base,
                payload: put({ [key]: value }),
                what: `body ${path.join('.')}.${key}=${short(value)}`,
              };
            }),
          );
        }
      }
    };
    walk(bodySchema, [], baseline);
    const wholeBodies = [
      [],
      'text',
      null,
      1,
      { __proto__: { polluted: true } },
      JSON.parse('{"__proto__":{"polluted":true}}'),
    ];
    group(
      wholeBodies.map((payload) => ({ url: base, payload, what: `whole body ${short(payload)}` })),
    );
  }
  return roundRobin(groups, REQUESTS_PER_ROUTE);
}

function setAt(
  target: Record<string, unknown>,
  path: string[],
  value: unknown,
): Record<string, unknown> {
  let node = target;
  for (const name of path.slice(0, -1)) {
    if (!node[name] || typeof node[name] !== 'object') node[name] = {};
    node = node[name] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return target;
}

const isEnvelope = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  'status' in body &&
  'data' in body &&
  (body as { status: { error?: unknown } }).status.error === 1;

describe.each(DIALECTS)('every route and parameter with hostile values (%s)', (dialect) => {
  let ctx: TestContext;
  let compId: number;
  let token: string;
  const signIn = async () => {
    token = await ctx.loginWithCompany(ADMIN, compId);
  };
  /** After a 401: signed in again, unless the walk has reached the routes that change the sign-in itself. */
  const signInAgain = async (rank: number) => {
    if (rank === 0) await signIn();
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const company = await ctx.db.kysely
      .selectFrom('transactions')
      .select('trctCompId')
      .groupBy('trctCompId')
      .orderBy('trctCompId')
      .executeTakeFirstOrThrow();
    compId = company.trctCompId;
    await signIn();
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A value each path parameter takes: an enum's first option, else the id of a row of the route's list that is not the Superadmin's own. */
  async function validParamsOf(route: RouteEntry): Promise<Record<string, string>> {
    const params = fieldsOf(route.schema?.params as z.ZodType | undefined);
    const out: Record<string, string> = {};
    for (const name of paramNames(route.url)) {
      const options = params[name] ? enumOptions(params[name]) : null;
      if (options) {
        out[name] = options[0]!;
        continue;
      }
      const resource = resourceOf(route.url);
      if (resource) {
        const res = await ctx.inject({ method: 'GET', url: `/api${resource.path}?max=50`, token });
        const rows = (
          res.statusCode === 200 ? (res.json().data.data as Record<string, unknown>[]) : []
        ).filter((row) => !/admin/i.test(JSON.stringify(row)));
        const value = rows.at(-1)?.[resource.idField];
        if (value !== undefined && value !== null) {
          out[name] = encodeURIComponent(String(value));
          continue;
        }
      }
      out[name] = '1';
    }
    return out;
  }

  /** Calls that left the server: to a bank (an Inquiry records its attempt) or to a merchant (a send records its history). */
  const outboundCalls = async () => {
    const count = async (table: 'inquiry_attempts' | 'notification_history') =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return (await count('inquiry_attempts')) + (await count('notification_history'));
  };

  it('answers no request with a 5xx, every refusal is the JSON envelope, and nothing reaches a bank or a merchant', async () => {
    const random = seededRandom(SEED);
    const callsBefore = await outboundCalls();
    const routes = ctx.app.routeTable
      .filter((r) => r.method !== 'HEAD')
      .sort((a, b) => rankOf(a.url) - rankOf(b.url));
    const failures: string[] = [];
    const walked = new Set<string>();
    let sent = 0;
    for (const route of routes) {
      const validParams = await validParamsOf(route);
      const requests = planRoute(route, validParams, random);
      requests.push({
        method: route.method,
        url: fillUrl(route.url, validParams).replace(/\/[^/]*$/, '/%E0%A4%A'),
        what: 'malformed URL',
      });
      const started = performance.now();
      for (const request of requests) {
        const res = await ctx.inject({
          method: request.method as 'GET',
          url: request.url,
          token,
          ...(request.payload === undefined ? {} : { payload: request.payload as object }),
        });
        sent++;
        const label = `${request.method} ${route.url} [${request.what}] -> ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (res.statusCode >= 500) failures.push(label);
        else if (res.statusCode >= 400) {
          let body: unknown = null;
          try {
            body = res.json();
          } catch {
            // not JSON: reported below
          }
          if (!isEnvelope(body)) failures.push(`not the envelope: ${label}`);
        }
        if (res.statusCode === 401 && route.access !== 'public')
          await signInAgain(rankOf(route.url));
      }
      walked.add(`${route.method} ${route.url}`);
      if (process.env.FUZZ_TIMING)
        console.log(
          `${Math.round(performance.now() - started)} ms ${requests.length} ${route.method} ${route.url}`,
        );
    }
    expect(failures, `seed ${SEED}, ${sent} requests: ${failures.length} failed`).toEqual([]);
    expect(walked.size).toBe(routes.length);
    expect(await outboundCalls()).toBe(callsBefore);
    expect(routes.length).toBeGreaterThan(50);
  }, 300_000);
});
