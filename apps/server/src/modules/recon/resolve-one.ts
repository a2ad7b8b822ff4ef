/**
 * Resolving one break, with a reason, recorded in its history and the audit trail:
 * - accept: the difference is accepted as it is (open -> resolved);
 * - link: an operator pairs the line with a transaction (`trctId`), or a missing-at-bank
 *   transaction with a line (`lineId`): a match by the rule `manual`; the other side's open break
 *   is settled too;
 * - inquiry: asks the bank about the break's own transaction (not a nearest candidate) (Inquiry's own rules and throttles); a
 *   paid answer turns it Lunas and matching closes the break by itself;
 * - notify: re-sends the transaction's merchant notification (the break stays as it is);
 * - reopen: resolved -> open; a link is undone (its match removed, the breaks it settled reopened).
 */
import { RECON_RESOLVE_TEXT as TEXT, type BreakRow, type ResolveBody } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../shared/actor.ts';
import { AppError, Conflict, Invalid, NotFound } from '../../shared/errors.ts';
import { accountById } from './accounts-repo.ts';
import * as breaks from './breaks-repo.ts';
import * as candidates from './candidates-repo.ts';
import * as lines from './lines-repo.ts';
import { settleBreaks } from './matching/break-records.ts';
import { breakRowOf } from './queue.ts';
import { recordResolution } from './resolution-records.ts';
import { companyScope, reaches } from './scope.ts';
import { inquireTransaction, notifyMerchant } from './transaction-actions.ts';

export interface Resolved {
  break: BreakRow;
  message: string;
}

/** The transaction a break is about (a nearest candidate is not: link it first). */
export const transactionOfBreak = (b: breaks.BreakRecord): number | null => b.rbrkTrctId;

const alreadyResolved = () => new Conflict(TEXT.alreadyResolved);

async function accept(
  deps: AppDeps,
  actor: Actor,
  b: breaks.BreakRecord,
  reason: string,
): Promise<string> {
  const done = await deps.db.transaction().execute(async (tx) => {
    const changed = await breaks.setBreakStatus(tx, b.rbrkId, 'open', {
      resolution: 'accept',
      reason,
      userId: actor.session.userId,
      username: actor.session.username,
      nowIso: deps.clock.now().toISOString(),
    });
    if (changed)
      await recordResolution(tx, deps, actor, b, { action: 'accept', reason, outcome: 'done' });
    return changed;
  });
  if (!done) throw alreadyResolved();
  return TEXT.accepted;
}

async function reopen(
  deps: AppDeps,
  actor: Actor,
  b: breaks.BreakRecord,
  reason: string,
): Promise<string> {
  const nowIso = deps.clock.now().toISOString();
  const done = await deps.db.transaction().execute(async (tx) => {
    const changed = await breaks.setBreakStatus(tx, b.rbrkId, 'resolved', {
      resolution: null,
      reason,
      userId: actor.session.userId,
      username: actor.session.username,
      nowIso,
    });
    if (!changed) return false;
    const linked = b.rbrkResolution === 'link' ? await linkedPair(tx, b) : null;
    if (linked) {
      await breaks.deleteMatch(tx, linked.lineId, linked.trctId);
      await lines.setLineRule(tx, [linked.lineId], null);
      for (const other of await breaks.settledTogether(
        tx,
        linked.lineId,
        linked.trctId,
        b.rbrkId,
      )) {
        await breaks.setBreakStatus(tx, other, 'resolved', {
          resolution: null,
          reason,
          userId: actor.session.userId,
          username: actor.session.username,
          nowIso,
        });
      }
    }
    await recordResolution(tx, deps, actor, b, {
      action: 'reopen',
      reason,
      outcome: 'done',
      details: { undone: b.rbrkResolution, ...(linked ?? {}) },
    });
    return true;
  });
  if (!done) throw new Conflict(TEXT.alreadyOpen);
  return TEXT.reopened;
}

/** The line and transaction a link paired (from the manual match it made). */
async function linkedPair(
  db: Parameters<typeof breaks.matchesOfLine>[0],
  b: breaks.BreakRecord,
): Promise<{ lineId: number; trctId: number } | null> {
  if (b.rbrkLineId !== null) {
    const m = (await breaks.matchesOfLine(db, b.rbrkLineId)).find((x) => x.rmatRule === 'manual');
    return m ? { lineId: b.rbrkLineId, trctId: m.rmatTrctId } : null;
  }
  const m = b.rbrkTrctId !== null ? await breaks.matchOfTransaction(db, b.rbrkTrctId) : undefined;
  return m && m.rmatRule === 'manual' ? { lineId: m.rmatLineId, trctId: b.rbrkTrctId! } : null;
}

async function link(
  deps: AppDeps,
  actor: Actor,
  b: breaks.BreakRecord,
  body: ResolveBody,
): Promise<string> {
  if (b.rbrkStatus !== 'open') throw alreadyResolved();
  const account = (await accountById(deps.db, b.rbrkBaccId))!;
  const scope = await companyScope(deps, actor.session);
  let lineId: number;
  let trctId: number;
  if (b.rbrkLineId !== null) {
    if (body.trctId === undefined && body.orderId === undefined)
      throw new Invalid(TEXT.linkNeedsTransaction, {
        trctId: 'is required to link a bank line',
      });
    const named =
      body.trctId !== undefined ? String(body.trctId) : `dengan order id ${body.orderId}`;
    const found =
      body.trctId !== undefined
        ? await candidates.byIds(deps.db, account.compIds, [body.trctId])
        : await candidates.byOrderId(deps.db, account.compIds, body.orderId!);
    if (found.length > 1) throw new Conflict(TEXT.orderIdNotUnique(body.orderId!));
    const [t] = found;
    if (!t || !reaches(scope, t.trctCompId, account.compIds))
      throw new NotFound(TEXT.transactionNotFound(named));
    if (t.rmatLineId !== null)
      throw new Conflict(TEXT.transactionMatched(t.trctOrderId, t.rmatLineId));
    [lineId, trctId] = [b.rbrkLineId, t.trctId];
  } else {
    if (body.lineId === undefined)
      throw new Invalid(TEXT.linkNeedsLine, {
        lineId: 'is required to link a transaction',
      });
    const [line] = await lines.linesByIds(deps.db, [body.lineId]);
    const lineAccount = line ? await accountById(deps.db, line.stlnBaccId) : undefined;
    if (!line || !lineAccount || !lineAccount.compIds.includes(b.rbrkCompId ?? -1))
      throw new NotFound(TEXT.lineNotFound(body.lineId));
    if ((await breaks.matchesOfLine(deps.db, line.stlnId)).length > 0)
      throw new Conflict(TEXT.lineMatched(line.stlnId));
    [lineId, trctId] = [line.stlnId, b.rbrkTrctId!];
  }
  const nowIso = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (tx) => {
    const inserted = await breaks.insertMatches(tx, [
      {
        rmatLineId: lineId,
        rmatTrctId: trctId,
        rmatRule: 'manual',
        rmatCreatedTime: nowIso,
        rmatCreatedUserId: actor.session.userId,
      },
    ]);
    if (inserted.length === 0) throw new Conflict(TEXT.matchedMeanwhile);
    await lines.setLineRule(tx, [lineId], 'manual');
    if (
      !(await breaks.setBreakStatus(tx, b.rbrkId, 'open', {
        resolution: 'link',
        reason: body.reason,
        userId: actor.session.userId,
        username: actor.session.username,
        nowIso,
      }))
    )
      throw alreadyResolved();
    await settleBreaks(tx, [lineId], [trctId], {
      nowIso,
      stmtId: null,
      userId: actor.session.userId,
      username: actor.session.username,
    });
    await recordResolution(tx, deps, actor, b, {
      action: 'link',
      reason: body.reason,
      outcome: 'done',
      details: { linkedLineId: lineId, linkedTrctId: trctId },
    });
  });
  return TEXT.linked;
}

/** Inquiry or Notif of the break's transaction; its history and the audit trail keep the outcome, a failure too. */
async function transactionAction(
  deps: AppDeps,
  actor: Actor,
  b: breaks.BreakRecord,
  action: 'inquiry' | 'notify',
  reason: string,
): Promise<string> {
  const trctId = transactionOfBreak(b);
  const t = trctId === null ? undefined : await candidates.transactionOf(deps.db, trctId);
  if (!t) throw new Conflict(TEXT.noTransaction(action));
  const target = { type: t.trctType, compId: t.trctCompId, trctId: t.trctId };
  try {
    if (action === 'inquiry') {
      const answer = await inquireTransaction(deps, actor, target);
      await recordResolution(deps.db, deps, actor, b, {
        action,
        reason,
        outcome: answer.paid ? 'paid' : 'unpaid',
        details: { trctId: t.trctId, message: answer.message },
      });
      return answer.message;
    }
    const answer = await notifyMerchant(deps, actor, target);
    await recordResolution(deps.db, deps, actor, b, {
      action,
      reason,
      outcome: 'delivered',
      details: { trctId: t.trctId, message: answer.message },
    });
    return answer.message;
  } catch (error) {
    if (error instanceof AppError)
      await recordResolution(deps.db, deps, actor, b, {
        action,
        reason,
        outcome: 'failed',
        details: { trctId: t.trctId, message: error.message, httpStatus: error.statusCode },
      });
    throw error;
  }
}

/** Does the link `body` asks for name the pair the break's last link made (by line, transaction id or order id)? */
async function sameLink(
  deps: AppDeps,
  last: breaks.BreakEvent,
  body: ResolveBody,
): Promise<boolean> {
  const made = JSON.parse(last.rbevDetails ?? '{}') as {
    linkedLineId?: number;
    linkedTrctId?: number;
  };
  if (body.lineId !== undefined) return made.linkedLineId === body.lineId;
  if (body.trctId !== undefined) return made.linkedTrctId === body.trctId;
  if (body.orderId === undefined || made.linkedTrctId === undefined) return false;
  return (await candidates.transactionOf(deps.db, made.linkedTrctId))?.trctOrderId === body.orderId;
}

/**
 * A repeat of the resolution that gave the break its present state: its last event is the same
 * action by the same operator with the same reason (a link: to the same pair), and the break is
 * still as that action left it. A double click or a retry after a lost answer lands here once the
 * first has been written; it is answered as the first was, and changes and records nothing.
 * Inquiry and Notif are never repeats: each asks the bank or the merchant again (their throttles
 * answer a second one at once).
 */
async function repeatOf(
  deps: AppDeps,
  actor: Actor,
  rbrkId: number,
  body: ResolveBody,
): Promise<string | null> {
  if (body.action === 'inquiry' || body.action === 'notify') return null;
  const b = await breaks.breakById(deps.db, rbrkId);
  const last = await breaks.lastEventOf(deps.db, rbrkId);
  if (
    !b ||
    !last ||
    last.rbevAction !== body.action ||
    last.rbevUserId !== actor.session.userId ||
    last.rbevReason !== body.reason
  )
    return null;
  if (body.action === 'reopen') return b.rbrkStatus === 'open' ? TEXT.reopened : null;
  if (b.rbrkStatus !== 'resolved' || b.rbrkResolution !== body.action) return null;
  if (body.action === 'accept') return TEXT.accepted;
  return (await sameLink(deps, last, body)) ? TEXT.linked : null;
}

function resolveAs(
  deps: AppDeps,
  actor: Actor,
  b: breaks.BreakRecord,
  body: ResolveBody,
): Promise<string> {
  switch (body.action) {
    case 'accept':
      return accept(deps, actor, b, body.reason);
    case 'reopen':
      return reopen(deps, actor, b, body.reason);
    case 'link':
      return link(deps, actor, b, body);
    default:
      return transactionAction(deps, actor, b, body.action, body.reason);
  }
}

export async function resolveBreak(
  deps: AppDeps,
  actor: Actor,
  rbrkId: number,
  body: ResolveBody,
): Promise<Resolved> {
  await breakRowOf(deps, actor.session, rbrkId);
  const b = (await breaks.breakById(deps.db, rbrkId))!;
  let message: string;
  try {
    message = await resolveAs(deps, actor, b, body);
  } catch (error) {
    // Refused because the break is no longer as it was read: the same request's first copy may
    // have changed it (also while this one ran).
    const repeat = error instanceof Conflict ? await repeatOf(deps, actor, rbrkId, body) : null;
    if (repeat === null) throw error;
    message = repeat;
  }
  return { break: await breakRowOf(deps, actor.session, rbrkId), message };
}
