/**
 * A user's own table preferences: the columns they chose on a screen and their
 * saved views. Every call is for the signed-in user (the actor): no id of another user is ever
 * taken from the request. Changes are written to the audit trail with the change itself.
 */
import {
  AUDIT_ACTIONS,
  MESSAGES,
  PREFERENCE_LIMITS,
  choosableColumns,
  type ColumnPreference,
  type PreferenceScreen,
  type SavedView,
  type SavedViewBody,
} from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../shared/actor.ts';
import { Conflict, Invalid, NotFound } from '../../shared/errors.ts';
import { recordAudit } from '../audit/service.ts';
import * as repo from './repo.ts';

/** Every name must be a column of the screen (the actions are not choosable). */
function checkColumns(screen: PreferenceScreen, columns: readonly string[]): void {
  const known = new Set(choosableColumns(screen));
  const unknown = columns.filter((c) => !known.has(c));
  if (unknown.length > 0)
    throw new Invalid(MESSAGES.columnsUnknown, {
      columns: `${MESSAGES.columnsUnknown} (${unknown.join(', ')})`,
    });
}

const parseColumns = (json: string | null): string[] | null =>
  json === null ? null : (JSON.parse(json) as string[]);

export async function getColumns(
  deps: AppDeps,
  actor: Actor,
  screen: PreferenceScreen,
): Promise<ColumnPreference> {
  return { columns: parseColumns(await repo.findColumns(deps.db, actor.session.userId, screen)) };
}

export async function chooseColumns(
  deps: AppDeps,
  actor: Actor,
  screen: PreferenceScreen,
  columns: string[],
): Promise<void> {
  checkColumns(screen, columns);
  const now = iso(deps.clock.now());
  await deps.db.transaction().execute(async (tx) => {
    await repo.saveColumns(tx, actor.session.userId, screen, JSON.stringify(columns), now);
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.columnsChosen,
      target: { type: 'user', id: actor.session.userId },
      details: { screen, columns },
    });
  });
}

/** Back to the screen's default layout. */
export async function resetColumns(
  deps: AppDeps,
  actor: Actor,
  screen: PreferenceScreen,
): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    if (!(await repo.deleteColumns(tx, actor.session.userId, screen))) return;
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.columnsChosen,
      target: { type: 'user', id: actor.session.userId },
      details: { screen, columns: null },
    });
  });
}

type ViewRow = Awaited<ReturnType<typeof repo.listViews>>[number];
const toView = (row: ViewRow): SavedView => ({
  id: row.svvwId,
  screen: row.svvwScreen as PreferenceScreen,
  name: row.svvwName,
  query: row.svvwQuery,
  columns: parseColumns(row.svvwColumns),
  updatedTime: row.svvwUpdatedTime,
});

export async function listViews(
  deps: AppDeps,
  actor: Actor,
  screen: PreferenceScreen,
): Promise<SavedView[]> {
  return (await repo.listViews(deps.db, actor.session.userId, screen)).map(toView);
}

/** Saves a view; one of the same name on the screen is replaced. At most viewsPerScreen per screen. */
export async function saveView(
  deps: AppDeps,
  actor: Actor,
  screen: PreferenceScreen,
  body: SavedViewBody,
): Promise<SavedView> {
  if (body.columns) checkColumns(screen, body.columns);
  const userId = actor.session.userId;
  const values = {
    userId,
    screen,
    name: body.name,
    query: body.query,
    columnsJson: body.columns ? JSON.stringify(body.columns) : null,
    now: iso(deps.clock.now()),
  };
  return deps.db.transaction().execute(async (tx) => {
    const existing = await repo.findViewByName(tx, userId, screen, body.name);
    let viewId: number;
    if (existing) {
      viewId = existing.svvwId;
      await repo.updateView(tx, viewId, values);
    } else {
      if ((await repo.countViews(tx, userId, screen)) >= PREFERENCE_LIMITS.viewsPerScreen)
        throw new Conflict(MESSAGES.viewsFull);
      viewId = await repo.insertView(tx, values);
    }
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.viewSaved,
      target: { type: 'saved_view', id: String(viewId) },
      details: {
        screen,
        name: body.name,
        query: body.query,
        columns: body.columns,
        replaced: Boolean(existing),
      },
    });
    return toView((await repo.findView(tx, userId, screen, viewId))!);
  });
}

/** Deletes one of the user's own views; another user's (or an unknown) id is not found. */
export async function deleteView(
  deps: AppDeps,
  actor: Actor,
  screen: PreferenceScreen,
  viewId: number,
): Promise<void> {
  const userId = actor.session.userId;
  await deps.db.transaction().execute(async (tx) => {
    const view = await repo.findView(tx, userId, screen, viewId);
    if (!view) throw new NotFound();
    await repo.deleteView(tx, userId, viewId);
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.viewDeleted,
      target: { type: 'saved_view', id: String(viewId) },
      details: { screen, name: view.svvwName },
    });
  });
}
