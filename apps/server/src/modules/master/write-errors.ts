/** Turns a constraint violation on a write into the answer the client sees (409 or 400 naming the field). */
import { alreadyUsed } from '@tagih/contract';
import { Conflict, Invalid } from '../../shared/errors.ts';
import type { DbOrTx } from '../../db/tables.ts';
import { violationOf } from '../../db/violations.ts';
import { rowExists } from './crud-repo.ts';
import type { MasterResource, Values } from './resource-config.ts';

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((c) => b.includes(c));

export const doesNotExist = (label: string) => `${label} does not exist`;

/**
 * `db` must be usable after the failed write (not a rolled-back transaction): a foreign-key
 * violation does not say which field on SQLite, so each reference is looked up.
 */
export async function translateWriteError(
  db: DbOrTx,
  resource: Pick<MasterResource, 'def' | 'references'>,
  error: unknown,
  values: Values,
): Promise<unknown> {
  const violation = violationOf(error);
  if (!violation) return error;
  if (violation.kind === 'unique') {
    const rule = resource.def.unique?.find((r) => sameColumns(r.columns, violation.columns));
    const label = rule?.label ?? resource.def.entity;
    const field = rule?.field ?? violation.columns.at(-1) ?? resource.def.idField;
    return new Conflict(alreadyUsed(label), { [field]: alreadyUsed(label) });
  }
  for (const ref of resource.references ?? []) {
    const value = values[ref.field];
    if (value === undefined || value === null) continue;
    if (!(await rowExists(db, ref.table, ref.column, value))) {
      return new Invalid(doesNotExist(ref.label), { [ref.field]: doesNotExist(ref.label) });
    }
  }
  return new Invalid('A referenced record does not exist.');
}

/** Runs a write and rethrows its constraint violation as a typed error. */
export async function guardedWrite<T>(
  db: DbOrTx,
  resource: Pick<MasterResource, 'def' | 'references'>,
  values: Values,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw await translateWriteError(db, resource, error, values);
  }
}
