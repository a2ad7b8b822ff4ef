import { useCallback, useState } from 'react';

/** Widths closer than this count as the same (no new layout for every pixel of a resize). */
const STEP_PX = 8;

/**
 * The width of an element, kept up to date with a ResizeObserver: `[ref, width]`. 0 until
 * measured (and in test DOMs without layout).
 */
export function useWidth<E extends HTMLElement>(): [(element: E | null) => void, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((element: E | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const next = Math.floor(element.getBoundingClientRect().width / STEP_PX) * STEP_PX;
      setWidth((previous) => (previous === next ? previous : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
