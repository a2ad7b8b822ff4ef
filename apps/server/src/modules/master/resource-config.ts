/** What the generic master-data service needs to know about one resource. */
import type { AuditedMasterResource, MasterResourceDef } from '@tagih/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../shared/actor.ts';
import type { DbOrTx } from '../../db/tables.ts';
import type { DbRow, ResourceRows } from './crud-repo.ts';

export type Values = Record<string, unknown>;
export type ApiRow = DbRow;

/** What a write would change: the row before (null for a create) and the values after (null for a delete). */
export interface WriteIntent {
  before: ApiRow | null;
  after: Values | null;
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

/** The server's side of a master resource; who may touch it and what stays unique are `def`'s (the contract's). */
export interface MasterResource {
  def: MasterResourceDef;
  /** 'int': positive integer ids; 'text': user ids. */
  idKind: 'int' | 'text';
  auditPrefix: string;
  /** Its name in the audit trail's actions: master.<auditName>.created|updated|deleted. */
  auditName: AuditedMasterResource;
  /** Its table, look-up joins and selected columns (resources/rows-repo.ts). */
  rows: ResourceRows;
  /** The API row from the selected columns (nested look-ups, fallbacks). */
  toRow?(raw: ApiRow, nowIso: string): ApiRow;
  /** Whether GET {path}/{id} exists. */
  getById?: boolean;
  /** Absent for read-only resources. */
  bodies?: { create: z.ZodType; update: z.ZodType };
  references?: readonly Reference[];
  blockers?: readonly Blocker[];
  /** Least privilege: checked in the write's transaction before the write; throws Forbidden to refuse it. */
  guard?(tx: DbOrTx, actor: Actor, intent: WriteIntent): Promise<void>;
  /** Checked after every update and delete, in the write's transaction; a violation rolls it back. */
  invariant?(tx: DbOrTx): Promise<void>;
  /** What no update or delete may take away (read before and after it); a loss refuses the write. */
  keeps?: Keep;
  /** The field naming the user a row belongs to: listed rows carry why the viewer may not change that user. */
  userField?: string;
  /** Writes that are more than one row (a user and its login): replace the generic ones. */
  writes?: WriteHandlers;
}

/** Something a write must leave in place, as a set of names, and the refusal naming what it would take away. */
export interface Keep {
  read(tx: DbOrTx): Promise<ReadonlySet<string>>;
  refusal(lost: readonly string[]): Error;
}

export interface WriteHandlers {
  create(deps: AppDeps, actor: Actor, body: Values): Promise<ApiRow>;
  update(deps: AppDeps, actor: Actor, id: string | number, body: Values): Promise<ApiRow>;
  remove(deps: AppDeps, actor: Actor, id: string | number): Promise<void>;
}
