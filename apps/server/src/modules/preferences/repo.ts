/** user_column_choices and saved_views: always by the owning user's id (no other way in). */
import type { DbOrTx } from '../../db/tables.ts';

export async function findColumns(
  db: DbOrTx,
  userId: string,
  screen: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('user_column_choices')
    .select('uccoColumns')
    .where('uccoUserId', '=', userId)
    .where('uccoScreen', '=', screen)
    .executeTakeFirst();
  return row?.uccoColumns ?? null;
}

export async function saveColumns(
  db: DbOrTx,
  userId: string,
  screen: string,
  columnsJson: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('user_column_choices')
    .values({
      uccoUserId: userId,
      uccoScreen: screen,
      uccoColumns: columnsJson,
      uccoUpdatedTime: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['uccoUserId', 'uccoScreen'])
        .doUpdateSet({ uccoColumns: columnsJson, uccoUpdatedTime: now }),
    )
    .execute();
}

export async function deleteColumns(db: DbOrTx, userId: string, screen: string): Promise<boolean> {
  const result = await db
    .deleteFrom('user_column_choices')
    .where('uccoUserId', '=', userId)
    .where('uccoScreen', '=', screen)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const VIEW_COLUMNS = [
  'svvwId',
  'svvwScreen',
  'svvwName',
  'svvwQuery',
  'svvwColumns',
  'svvwUpdatedTime',
] as const;

/** The user's own views of one screen: the one way every view query starts. */
function viewsOf(db: DbOrTx, userId: string, screen: string) {
  return db
    .selectFrom('saved_views')
    .where('svvwUserId', '=', userId)
    .where('svvwScreen', '=', screen);
}

export function listViews(db: DbOrTx, userId: string, screen: string) {
  return viewsOf(db, userId, screen).select(VIEW_COLUMNS).orderBy('svvwName').execute();
}

export function findViewByName(db: DbOrTx, userId: string, screen: string, name: string) {
  return viewsOf(db, userId, screen)
    .select(VIEW_COLUMNS)
    .where('svvwName', '=', name)
    .executeTakeFirst();
}

export function findView(db: DbOrTx, userId: string, screen: string, viewId: number) {
  return viewsOf(db, userId, screen)
    .select(VIEW_COLUMNS)
    .where('svvwId', '=', viewId)
    .executeTakeFirst();
}

export async function countViews(db: DbOrTx, userId: string, screen: string): Promise<number> {
  const row = await viewsOf(db, userId, screen)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ViewValues {
  userId: string;
  screen: string;
  name: string;
  query: string;
  columnsJson: string | null;
  now: string;
}

export async function insertView(db: DbOrTx, v: ViewValues): Promise<number> {
  const row = await db
    .insertInto('saved_views')
    .values({
      svvwUserId: v.userId,
      svvwScreen: v.screen,
      svvwName: v.name,
      svvwQuery: v.query,
      svvwColumns: v.columnsJson,
      svvwUpdatedTime: v.now,
    })
    .returning('svvwId')
    .executeTakeFirstOrThrow();
  return row.svvwId;
}

export async function updateView(db: DbOrTx, viewId: number, v: ViewValues): Promise<void> {
  await db
    .updateTable('saved_views')
    .set({ svvwQuery: v.query, svvwColumns: v.columnsJson, svvwUpdatedTime: v.now })
    .where('svvwId', '=', viewId)
    .where('svvwUserId', '=', v.userId)
    .execute();
}

export async function deleteView(db: DbOrTx, userId: string, viewId: number): Promise<void> {
  await db
    .deleteFrom('saved_views')
    .where('svvwId', '=', viewId)
    .where('svvwUserId', '=', userId)
    .execute();
}
