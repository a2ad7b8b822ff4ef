import { LAYOUT } from '@tagih/contract';
import { useCallback, useEffect, useState } from 'react';

const isMobileWidth = (width: number) => width <= LAYOUT.mobileAtOrBelowPx;
const opensByDefault = (width: number) => width > LAYOUT.sidebarOpenAbovePx;

/**
 * Sidebar open/closed and the mobile flag (spec §2, §9): open above 1024 px, mobile at
 * 600 px or narrower; any window resize resets both to the defaults for the new width.
 */
export function useSidebarState() {
  const [isMobile, setIsMobile] = useState(() => isMobileWidth(window.innerWidth));
  const [open, setOpen] = useState(() => opensByDefault(window.innerWidth));

  useEffect(() => {
    const onResize = () => {
      setIsMobile(isMobileWidth(window.innerWidth));
      setOpen(opensByDefault(window.innerWidth));
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  return { isMobile, open, toggle, close };
}
