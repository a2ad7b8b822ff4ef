import useMediaQuery from '@mui/material/useMediaQuery';
import { LAYOUT } from '@tagih/contract';

/** The mobile layout of spec §2 (600 px or narrower): icon-only buttons, shorter titles. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width:${LAYOUT.mobileAtOrBelowPx}px)`, { noSsr: true });
}
