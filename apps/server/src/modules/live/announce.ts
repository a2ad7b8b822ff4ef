/**
 * The one way a change is told to the screens: call it after the change's transaction commits
 * (a rolled-back change is never announced). It names only what changed; the screens reload it.
 */
import type { LiveEvent, LiveEventType } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { outboxOf } from './outbox.ts';

export interface LiveSubject {
  compId: number;
  /** trctType. */
  kind: string;
  trctId: number;
  notiId?: number | null;
}

const eventOf = (type: LiveEventType, s: LiveSubject): LiveEvent => ({
  type,
  compId: s.compId,
  kind: s.kind === 'QRIS' ? 'QRIS' : 'VA',
  trctId: s.trctId,
  ...(s.notiId === undefined || s.notiId === null ? {} : { notiId: s.notiId }),
});

export function announce(
  deps: Pick<AppDeps, 'db'>,
  type: LiveEventType,
  subjects: LiveSubject | readonly LiveSubject[],
): void {
  const list = Array.isArray(subjects)
    ? (subjects as readonly LiveSubject[])
    : [subjects as LiveSubject];
  outboxOf(deps.db).publish(list.map((s) => eventOf(type, s)));
}
