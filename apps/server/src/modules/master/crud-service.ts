/** List, read, create, update and delete for any master resource described by a MasterResource. */
import { fieldMeta, parseListQuery, type ListPayload, type RawQuery } from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { auditOnCreate, auditOnUpdate } from '../../db/audit.ts';
import { pagination, positionOf } from '../../db/list-sql.ts';
import type { BatchedPage } from '../large-reads/large-page.ts';
import type { DbOrTx } from '../../db/tables.ts';
import { violationOf } from '../../db/violations.ts';
import { Conflict, Invalid, NotFound } from '../../shared/errors.ts';
import type { Actor } from '../../shared/actor.ts';
import type { SessionContext } from '../../shared/session.ts';
import { recordChange, recordingRefusals } from './change-audit.ts';
import {
  countWhere,
  deleteRow,
  findById,
  insertRow,
  listPage,
  listPlan,
  updateRow,
} from './crud-repo.ts';
import type { ApiRow, MasterResource, Values } from './resource-config.ts';
import { withChangeRefusals } from './stronger-account.ts';
import { guardedWrite } from './write-errors.ts';

const mapRow = (deps: AppDeps, resource: MasterResource, raw: ApiRow): ApiRow =>
  resource.toRow ? resource.toRow(raw, iso(deps.clock.now())) : raw;

export async function list(
  deps: AppDeps,
  resource: MasterResource,
  raw: RawQuery,
  viewer: SessionContext,
): Promise<ListPayload<ApiRow>> {
  const parsed = parseListQuery(raw, resource.def);
  if (!parsed.ok) throw new Invalid(parsed.message);
  const { total, page } = await listPage(
    deps.db,
    resource.rows,
    resource.def,
    parsed.value,
    deps.config.businessTz,
  );
  const rows = page.map((r) => mapRow(deps, resource, r));
  const data = resource.userField
    ? await withChangeRefusals(deps.db, viewer, rows, resource.userField)
    : rows;
  return { data, pagination: pagination(total, parsed.value), fields: fieldMeta(resource.def) };
}

/** Reads what the resource keeps, before its write. */
const keptBefore = (tx: DbOrTx, resource: MasterResource) => resource.keeps?.read(tx);

/** After the write: refuses it (rolled back) when it took away anything the resource keeps. */
async function assertKept(
  tx: DbOrTx,
  resource: MasterResource,
  before: ReadonlySet<string> | undefined,
): Promise<void> {
  if (!resource.keeps || !before) return;
  const after = await resource.keeps.read(tx);
  const lost = [...before].filter((name) => !after.has(name));
  if (lost.length > 0) throw resource.keeps.refusal(lost);
}

/** The same list as batches of rows, for a page that may be large (modules/large-reads/large-page.ts). */
export function batchedList(
  deps: AppDeps,
  resource: MasterResource,
  raw: RawQuery,
  viewer: SessionContext,
): BatchedPage<ApiRow, ApiRow, Omit<ListPayload<ApiRow>, 'data'>> {
  const parsed = parseListQuery(raw, resource.def);
  if (!parsed.ok) throw new Invalid(parsed.message);
  const query = parsed.value;
  const plan = listPlan(deps.db, resource.rows, resource.def, query, deps.config.businessTz);
  const { userField } = resource;
  return {
    max: query.max,
    read: async (last, limit) => {
      const rows = await plan.read({
        limit,
        last: last && positionOf(last, query, resource.rows.idColumn),
      });
      // As list(): each row says why the viewer may not change its user (stronger-account.ts).
      return userField ? withChangeRefusals(deps.db, viewer, rows, userField) : rows;
    },
    toApi: (row) => mapRow(deps, resource, row),
    rest: async () => ({
      pagination: pagination(await plan.count(), query),
      fields: fieldMeta(resource.def),
    }),
  };
}

export async function find(
  deps: AppDeps,
  db: DbOrTx,
  resource: MasterResource,
  id: unknown,
): Promise<ApiRow | undefined> {
  const raw = await findById(db, resource.rows, id);
  return raw && mapRow(deps, resource, raw);
}

export async function get(deps: AppDeps, resource: MasterResource, id: unknown): Promise<ApiRow> {
  const row = await find(deps, deps.db, resource, id);
  if (!row) throw new NotFound(`${resource.def.entity} ${String(id)} not found.`);
  return row;
}

/** The id the client may send on edit must be the URL's. */
export function withoutBodyId(resource: MasterResource, id: unknown, body: Values): Values {
  const { [resource.def.idField]: bodyId, ...values } = body;
  if (bodyId !== undefined && bodyId !== id) {
    const message = `${resource.def.idField} does not match the id in the URL`;
    throw new Invalid(message, { [resource.def.idField]: message });
  }
  return values;
}

export async function create(
  deps: AppDeps,
  resource: MasterResource,
  actor: Actor,
  body: Values,
): Promise<ApiRow> {
  const values = {
    ...body,
    ...auditOnCreate(resource.auditPrefix, actor.session.userId, iso(deps.clock.now())),
  };
  const attempt = {
    resource: resource.auditName,
    change: 'created',
    id: null,
    values: body,
  } as const;
  const id = await recordingRefusals(deps, actor, attempt, () =>
    guardedWrite(deps.db, resource, values, () =>
      deps.db.transaction().execute(async (tx) => {
        await resource.guard?.(tx, actor, { before: null, after: values });
        const newId = await insertRow(tx, resource.rows, values);
        await recordChange(tx, deps, actor, {
          resource: resource.auditName,
          change: 'created',
          id: newId,
          before: null,
          after: await find(deps, tx, resource, newId),
        });
        return newId;
      }),
    ),
  );
  return get(deps, resource, id);
}

export async function update(
  deps: AppDeps,
  resource: MasterResource,
  actor: Actor,
  id: unknown,
  body: Values,
): Promise<ApiRow> {
  const values = {
    ...withoutBodyId(resource, id, body),
    ...auditOnUpdate(resource.auditPrefix, actor.session.userId, iso(deps.clock.now())),
  };
  const attempt = {
    resource: resource.auditName,
    change: 'updated',
    id: id as string | number,
    values: body,
  } as const;
  await recordingRefusals(deps, actor, attempt, () =>
    guardedWrite(deps.db, resource, values, () =>
      deps.db.transaction().execute(async (tx) => {
        const before = await find(deps, tx, resource, id);
        if (!before) throw new NotFound(`${resource.def.entity} ${String(id)} not found.`);
        await resource.guard?.(tx, actor, { before, after: values });
        const kept = await keptBefore(tx, resource);
        await updateRow(tx, resource.rows, id, values);
        await resource.invariant?.(tx);
        await assertKept(tx, resource, kept);
        await recordChange(tx, deps, actor, {
          ...attempt,
          before,
          after: await find(deps, tx, resource, id),
        });
      }),
    ),
  );
  return get(deps, resource, id);
}

/** 'is still used by 2 companies and 1 user company', or null when nothing refers to the row. */
export async function usage(
  db: DbOrTx,
  resource: MasterResource,
  id: unknown,
): Promise<string | null> {
  const uses: string[] = [];
  for (const blocker of resource.blockers ?? []) {
    const n = await countWhere(db, blocker.table, blocker.column, id);
    if (n > 0) uses.push(`${n} ${blocker.what}`);
  }
  return uses.length
    ? `${resource.def.entity} is still used by ${uses.join(' and ')}; remove those first.`
    : null;
}

export async function remove(
  deps: AppDeps,
  resource: MasterResource,
  actor: Actor,
  id: unknown,
): Promise<void> {
  const attempt = {
    resource: resource.auditName,
    change: 'deleted',
    id: id as string | number,
    values: null,
  } as const;
  await recordingRefusals(deps, actor, attempt, () =>
    deps.db.transaction().execute(async (tx) => {
      const before = await find(deps, tx, resource, id);
      if (!before) throw new NotFound(`${resource.def.entity} ${String(id)} not found.`);
      await resource.guard?.(tx, actor, { before, after: null });
      const used = await usage(tx, resource, id);
      if (used) throw new Conflict(used);
      const kept = await keptBefore(tx, resource);
      try {
        await deleteRow(tx, resource.rows, id);
        await resource.invariant?.(tx);
      } catch (error) {
        // A reference added since the check still stops the delete (foreign key): answer the same way.
        if (violationOf(error)?.kind === 'foreign-key')
          throw new Conflict(`${resource.def.entity} is still in use; remove what uses it first.`);
        throw error;
      }
      await assertKept(tx, resource, kept);
      await recordChange(tx, deps, actor, { ...attempt, before, after: null });
    }),
  );
}
