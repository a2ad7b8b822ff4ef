/**
 * Bank accounts (reconciliation): an account and its company links are written together, in one
 * transaction, and recorded as master.bank_account.*. An account with imported statements is not
 * deleted (its lines and breaks refer to it).
 */
import {
  bankAccountCreateBody,
  bankAccountResource,
  bankAccountUpdateBody,
  type BankAccountCreateBody,
} from '@tagih/contract';
import { iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { auditOnCreate, auditOnUpdate } from '../../../db/audit.ts';
import type { Actor } from '../../../shared/actor.ts';
import { Conflict, Invalid, NotFound } from '../../../shared/errors.ts';
import type { DbOrTx } from '../../../db/tables.ts';
import { rowExists } from '../crud-repo.ts';
import { violationOf } from '../../../db/violations.ts';
import { recordChange } from '../change-audit.ts';
import { find, get, usage, withoutBodyId } from '../crud-service.ts';
import type { ApiRow, MasterResource, Values, WriteHandlers } from '../resource-config.ts';
import { doesNotExist, guardedWrite } from '../write-errors.ts';
import {
  LIST_SEPARATOR,
  bankAccountRows,
  deleteAccount,
  insertAccount,
  setCompanies,
  updateAccount,
} from './bank-accounts-repo.ts';

const split = (list: unknown): string[] =>
  typeof list === 'string' && list !== '' ? list.split(LIST_SEPARATOR) : [];

/** The account's own columns from a body: the mapping as JSON text, the companies apart. */
function columnsOf(
  body: Omit<BankAccountCreateBody, 'baccCompIds'> & { baccCompIds?: unknown },
): Values {
  return {
    baccBank: body.baccBank,
    baccAccountNo: body.baccAccountNo,
    baccName: body.baccName,
    baccCsvMapping: body.baccCsvMapping ? JSON.stringify(body.baccCsvMapping) : null,
  };
}

const base: Omit<MasterResource, 'writes'> = {
  def: bankAccountResource,
  idKind: 'int',
  auditPrefix: 'bacc',
  auditName: 'bank_account',
  rows: bankAccountRows,
  getById: true,
  bodies: { create: bankAccountCreateBody, update: bankAccountUpdateBody },
  blockers: [{ table: 'recon_statements', column: 'stmtBaccId', what: 'imported statements' }],
  toRow: (row) => {
    const { compIdList, compNameList, baccCsvMapping, ...rest } = row;
    const ids = split(compIdList).map(Number);
    const names = split(compNameList);
    // SQLite's group_concat keeps no order: sort both by id.
    const pairs = ids.map((id, i) => [id, names[i] ?? ''] as const).sort((a, b) => a[0] - b[0]);
    return {
      ...rest,
      baccCompIds: pairs.map(([id]) => id),
      companyNames: pairs.map(([, name]) => name),
      baccCsvMapping:
        typeof baccCsvMapping === 'string' ? (JSON.parse(baccCsvMapping) as unknown) : null,
    };
  },
};

/** Every linked company must exist: a 400 naming the field, before anything is written. */
async function assertCompaniesExist(tx: DbOrTx, compIds: readonly number[]): Promise<void> {
  for (const compId of compIds) {
    if (!(await rowExists(tx, 'companies', 'compId', compId)))
      throw new Invalid(doesNotExist(`Company ${compId}`), {
        baccCompIds: doesNotExist(`Company ${compId}`),
      });
  }
}

/** A clash of bank and number is a 409 on baccAccountNo (the contract's unique rule). */
const guardedLinks = <T>(deps: AppDeps, values: Values, write: () => Promise<T>): Promise<T> =>
  guardedWrite(deps.db, { def: bankAccountResource }, values, write);

const writes: WriteHandlers = {
  async create(deps: AppDeps, actor: Actor, body: Values): Promise<ApiRow> {
    const b = body as BankAccountCreateBody;
    const now = iso(deps.clock.now());
    const id = await guardedLinks(deps, body, () =>
      deps.db.transaction().execute(async (tx) => {
        await assertCompaniesExist(tx, b.baccCompIds);
        const baccId = await insertAccount(tx, {
          ...columnsOf(b),
          ...auditOnCreate('bacc', actor.session.userId, now),
        });
        await setCompanies(tx, baccId, b.baccCompIds);
        await recordChange(tx, deps, actor, {
          resource: 'bank_account',
          change: 'created',
          id: baccId,
          before: null,
          after: await find(deps, tx, bankAccounts, baccId),
        });
        return baccId;
      }),
    );
    return get(deps, bankAccounts, id);
  },

  async update(deps: AppDeps, actor: Actor, id: string | number, body: Values): Promise<ApiRow> {
    const b = withoutBodyId(bankAccounts, id, body) as BankAccountCreateBody;
    const now = iso(deps.clock.now());
    await guardedLinks(deps, body, () =>
      deps.db.transaction().execute(async (tx) => {
        const before = await find(deps, tx, bankAccounts, id);
        if (!before) throw new NotFound(`${bankAccountResource.entity} ${String(id)} not found.`);
        await assertCompaniesExist(tx, b.baccCompIds);
        await updateAccount(tx, Number(id), {
          ...columnsOf(b),
          ...auditOnUpdate('bacc', actor.session.userId, now),
        });
        await setCompanies(tx, Number(id), b.baccCompIds);
        await recordChange(tx, deps, actor, {
          resource: 'bank_account',
          change: 'updated',
          id,
          before,
          after: await find(deps, tx, bankAccounts, id),
        });
      }),
    );
    return get(deps, bankAccounts, id);
  },

  async remove(deps: AppDeps, actor: Actor, id: string | number): Promise<void> {
    await deps.db.transaction().execute(async (tx) => {
      const before = await find(deps, tx, bankAccounts, id);
      if (!before) throw new NotFound(`${bankAccountResource.entity} ${String(id)} not found.`);
      const used = await usage(tx, bankAccounts, id);
      if (used) throw new Conflict(used);
      try {
        await deleteAccount(tx, Number(id));
      } catch (error) {
        if (violationOf(error)?.kind === 'foreign-key')
          throw new Conflict(
            `${bankAccountResource.entity} is still in use; remove what uses it first.`,
          );
        throw error;
      }
      await recordChange(tx, deps, actor, {
        resource: 'bank_account',
        change: 'deleted',
        id,
        before,
        after: null,
      });
    });
  },
};

export const bankAccounts: MasterResource = { ...base, writes };
