/**
 * What a bulk selection names: the transactions behind the ids of the source screen, or every
 * row of the list query the screen used (the list's own parser and SQL: dates, search, finds,
 * work queue; every page). Always within the active company (ids of another company are simply
 * not there) and only of the transaction kinds the user may read.
 */
import {
  NOTIFICATIONS_AREA,
  can,
  type AccessMap,
  type Area,
  type BulkSelection,
  type BulkSource,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { matchingTransactionIds } from '../notifications/service.ts';
import { SERVER_KINDS, type ServerKind } from '../transactions/kinds.ts';
import { matchingIds } from '../transactions/list/list-service.ts';
import * as repo from './repo.ts';
import type { Selection } from './repo.ts';

const kindOfSource = (source: BulkSource): ServerKind | undefined =>
  SERVER_KINDS.find((k) => k.key === source);

/** The screen's read permission: the area a source needs. */
export const areaOfSource = (source: BulkSource): Area =>
  kindOfSource(source)?.area ?? NOTIFICATIONS_AREA;

/** The transaction kinds the user may act on from this source (a notification's items are of any kind the user may read). */
export function readableKinds(access: AccessMap, source: BulkSource): ServerKind[] {
  const own = kindOfSource(source);
  return (own ? [own] : SERVER_KINDS).filter((k) => can(access, k.area, 'read'));
}

/** The selection as a subquery of trctIds; a bad list query is a 400 (the list's own parser). */
export function selectionOf(
  deps: AppDeps,
  compId: number,
  source: BulkSource,
  selection: BulkSelection,
  kinds: ServerKind[],
): Selection {
  const db = deps.db;
  const types = kinds.map((k) => k.type);
  // No kind to read: nothing is selected (an always-false subquery keeps one shape for the callers).
  if (types.length === 0) return repo.noTransactions(db);
  const kind = kindOfSource(source);
  if (kind) {
    if ('ids' in selection) return repo.transactionsOfIds(db, compId, kind.type, selection.ids);
    return matchingIds(deps, kind, compId, selection.query) as Selection;
  }
  if ('ids' in selection) return repo.transactionsOfNotifications(db, compId, selection.ids, types);
  return matchingTransactionIds(deps, compId, selection.query, types) as Selection;
}
