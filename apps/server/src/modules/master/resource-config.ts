/** What the generic master-data service needs to know about one resource. */
import type { MasterResourceDef } from '@tagih/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { SessionContext } from '../../shared/session.ts';
import type { DbOrTx } from '../../db/tables.ts';
import type { DbRow, ResourceRows } from './crud-repo.ts';

export type Values = Record<string, unknown>;
export type ApiRow = DbRow;

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

/** The server's side of a master resource; who may touch it and what stays unique are `def`'s (the contract's). */
export interface MasterResource {
  def: MasterResourceDef;
  /** 'int': positive integer ids; 'text': user ids. */
  idKind: 'int' | 'text';
  auditPrefix: string;
  /** Its table, look-up joins and selected columns (resources/rows-repo.ts). */
  rows: ResourceRows;
  /** The API row from the selected columns (nested look-ups, fallbacks). */
  toRow?(raw: ApiRow): ApiRow;
  /** Whether GET {path}/{id} exists. */
  getById?: boolean;
  /** Absent for read-only resources. */
  bodies?: { create: z.ZodType; update: z.ZodType };
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
