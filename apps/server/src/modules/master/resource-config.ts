/** What the generic master-data service needs to know about one resource. */
import type { Area, ResourceDef } from '@tagih/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { SessionContext } from '../../shared/session.ts';
import type { DbOrTx } from '../../db/tables.ts';
import type { DbRow, ResourceRows } from './crud-repo.ts';

export type Values = Record<string, unknown>;
export type ApiRow = DbRow;

/** A set of columns the database keeps unique, and how a clash is reported. */
export interface UniqueRule {
  columns: readonly string[];
  /** The body field the error is reported on. */
  field: string;
  /** '{label} has already been used'. */
  label: string;
}

/** A body field that points at another table's row (checked by a foreign key). */
export interface Reference {
  field: string;
  label: string;
  table: string;
  column: string;
}

/** Another table whose rows point at this resource: deletion is refused while any exist. */
export interface Blocker {
  table: string;
  column: string;
  /** Plural noun: 'is still used by 2 companies'. */
  what: string;
}

export interface MasterResource {
  def: ResourceDef;
  /** 'int': positive integer ids; 'text': user ids. */
  idKind: 'int' | 'text';
  auditPrefix: string;
  access: { read: Area; write: Area };
  /** Its table, look-up joins and selected columns (resources/rows-repo.ts). */
  rows: ResourceRows;
  /** The API row from the selected columns (nested look-ups, fallbacks). */
  toRow?(raw: ApiRow): ApiRow;
  /** Whether GET {path}/{id} exists. */
  getById?: boolean;
  /** Absent for read-only resources. */
  bodies?: { create: z.ZodType; update: z.ZodType };
  unique?: readonly UniqueRule[];
  references?: readonly Reference[];
  blockers?: readonly Blocker[];
  /** Checked after every update and delete, in the write's transaction; a violation rolls it back. */
  invariant?(tx: DbOrTx): Promise<void>;
  /** Writes that are more than one row (a user and its login): replace the generic ones. */
  writes?: WriteHandlers;
}

export interface WriteHandlers {
  create(deps: AppDeps, session: SessionContext, body: Values): Promise<ApiRow>;
  update(deps: AppDeps, session: SessionContext, id: string | number, body: Values): Promise<ApiRow>;
  remove(deps: AppDeps, session: SessionContext, id: string | number): Promise<void>;
}
