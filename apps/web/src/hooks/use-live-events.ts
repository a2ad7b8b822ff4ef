import { useEffect, useRef } from 'react';
import type { LiveEvent } from '@tagih/contract';
import { subscribeLive } from '../api/live-events.ts';

/** Calls `listener` (its latest version) with every live change event while the component is mounted. */
export function useLiveEvents(listener: (event: LiveEvent) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribeLive((event) => latest.current(event)), []);
}
