import { useEffect, useRef, type RefObject } from 'react';

/** How long to wait for a lazily loaded screen to show its heading. */
const WAIT_MS = 3000;

/**
 * After an in-app navigation, moves the focus to the new screen's heading (h1 in `main`), so
 * keyboard and screen-reader users start there instead of on the menu link. Leaves the focus
 * alone when the user has already put it somewhere in the screen, and on the first render.
 */
export function useFocusHeading(main: RefObject<HTMLElement | null>, pathname: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const deadline = Date.now() + WAIT_MS;
    let frame = 0;
    const tryFocus = () => {
      const root = main.current;
      const active = document.activeElement;
      if (root && active && active !== document.body && root.contains(active)) return;
      const heading = root?.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return;
      }
      if (Date.now() < deadline) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [main, pathname]);
}
