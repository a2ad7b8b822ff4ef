/** The notification backlog at scrape time; null when the database cannot be read (the scrape still answers). */
import type { AppDeps } from '../../deps.ts';
import type { NotificationBacklog } from '../../ops/metrics.ts';
import { iso } from '../../clock.ts';
import * as repo from './repo.ts';

export async function scrapeBacklog(deps: AppDeps): Promise<NotificationBacklog | null> {
  const now = deps.clock.now();
  try {
    const row = await repo.notificationBacklog(deps.db, iso(now));
    const oldestDueAgeSeconds = row.oldestDue
      ? Math.max(0, (now.getTime() - Date.parse(row.oldestDue)) / 1000)
      : 0;
    return { pending: row.pending, due: row.due, givenUp: row.givenUp, oldestDueAgeSeconds };
  } catch {
    return null;
  }
}
