/**
 * What the route fuzzer sends and how it reads a route's declared schemas: hostile values for
 * text (query, path) and for JSON bodies, a seeded random choice, and zod walkers that find a
 * schema's field names and a value each field accepts.
 */
import type { z } from 'zod';

/** Values for a query parameter or a path segment (before URL encoding): none is a valid id, number, flag or name. */
export const HOSTILE_TEXT: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '99999999999999999999',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1.5',
  '-1',
  '0',
  '1e3',
  '0x10',
  ' 1',
  'true',
  'null',
  '[]',
  '{"a":1}',
  'NaN',
  'Infinity',
  "' or 1=1 --",
  '%',
  '💥',
  'x'.repeat(5000),
];

/** JSON values for a body field: wrong types, numbers out of every column's range or not whole, NUL bytes. */
export const HOSTILE_JSON: readonly unknown[] = [
  ...HOSTILE_TEXT,
  '\ud800',
  2147483648,
  -2147483649,
  1e20,
  1.5,
  -1,
  0,
  true,
  false,
  null,
  [],
  ['a', '\u0000'],
  [2147483648],
  {},
  { a: '\u0000' },
];

/** Mulberry32: the same sequence for the same seed, so a failing walk can be repeated. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` items of `items` chosen without repeats by `random` (all of them when there are fewer). */
export function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

type Schema = z.ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  options?: Schema[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
  entries?: Record<string, string>;
  values?: unknown[];
}
const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable, default and the input side of pipes and transforms. */
export function unwrap(schema: Schema): Schema {
  const def = defOf(schema);
  if (
    def.innerType &&
    ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(
      def.type,
    )
  )
    return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
}

/** Field name -> schema of an object schema (every option's fields for a union of objects); {} for anything else. */
export function fieldsOf(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object')
    return { ...(def.shape ?? (inner as unknown as { shape: Record<string, Schema> }).shape) };
  if (def.type === 'union')
    return Object.assign({}, ...(def.options ?? []).map((o) => fieldsOf(o)));
  return {};
}

/** Whether an object schema takes keys it does not name (a catch-all or a record: the list query's finds[...]). */
export function takesOtherKeys(schema: Schema | undefined): boolean {
  if (!schema) return false;
  const def = defOf(unwrap(schema));
  if (def.type === 'record') return true;
  return (
    def.type === 'object' && def.catchall !== undefined && defOf(def.catchall).type !== 'never'
  );
}

/** The options of an enum (or of an enum under wrappers), else null. */
export function enumOptions(schema: Schema): string[] | null {
  const def = defOf(unwrap(schema));
  if (def.type === 'enum' && def.entries) return Object.values(def.entries);
  if (def.type === 'literal' && def.values) return def.values.map(String);
  return null;
}

const PLAUSIBLE: readonly unknown[] = [
  'fuzz.target@tagih.id',
  'fuzztarget1',
  'Fuzz Target',
  'Jl. Fuzz No. 1',
  '081234567890',
  '(021) 5550111',
  'Password-1234',
  '["read"]',
  'Memeriksa ulang status pembayaran',
  '123456',
  'ABCD-EFGH',
  '2f1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  1,
  '1',
  ['read'],
  ['trctOrderId'],
  { ids: [1] },
];

/** A value the field's schema accepts (its first enum option, or the first plausible value that passes), else undefined. */
export function plausibleValue(schema: Schema): unknown {
  const options = enumOptions(schema);
  if (options) return options[0];
  const nested = fieldsOf(schema);
  if (Object.keys(nested).length > 0) {
    const value = Object.fromEntries(
      Object.entries(nested)
        .map(([name, field]) => [name, plausibleValue(field)])
        .filter(([, v]) => v !== undefined),
    );
    if (schema.safeParse(value).success) return value;
  }
  return PLAUSIBLE.find((candidate) => schema.safeParse(candidate).success);
}
