import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface Palette {
    accent: Palette['primary'];
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
  }
}

/**
 * The spec's colours (§1) as the `light` tones; `main` is a darker tone of each that reaches
 * WCAG AA (4.5:1) as text on white and under white text. Spec #3e8a41 is 4.27:1, #2196F3 3.1:1,
 * #FF5252 3.2:1, #4CAF50 2.8:1: too faint for text.
 */
export const BRAND = {
  primary: '#3e8a41',
  info: '#2196F3',
  error: '#FF5252',
  success: '#4CAF50',
} as const;

/** The keyboard focus ring: dark blue, 5.7:1 on white, also visible next to the green. */
export const FOCUS_RING = '#1565c0';

/** Every transition of the theme takes no time (what `prefers-reduced-motion: reduce` asks for). */
const NO_TRANSITIONS = {
  create: () => 'none',
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
};

/** True when the operator's system asks for less motion (an accessibility setting). */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/**
 * The light theme of spec §1. Roboto arrives after first paint (see load-fonts.ts).
 * With `reduceMotion`, dialogs, menus, drawers and toasts appear and go at once, buttons have no
 * ripple and spinners stand still: for operators who turn motion off (vestibular disorders,
 * WCAG 2.3.3), read once when the app loads.
 */
export function createAppTheme({ reduceMotion }: { reduceMotion: boolean }) {
  return createTheme({
    ...(reduceMotion ? { transitions: NO_TRANSITIONS } : {}),
    palette: {
      mode: 'light',
      primary: { main: '#2e7d32', light: BRAND.primary, contrastText: '#ffffff' },
      secondary: { main: '#d5d800' },
      accent: { main: '#393945', contrastText: '#ffffff' },
      error: { main: '#c62828', light: BRAND.error, contrastText: '#ffffff' },
      info: { main: '#1565c0', light: BRAND.info, contrastText: '#ffffff' },
      success: { main: '#2e7d32', light: BRAND.success, contrastText: '#ffffff' },
      warning: { main: '#FFC107', dark: '#8a5a00' },
      background: { default: '#f5f7f5' },
    },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Helvetica, Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 500 },
    },
    shape: { borderRadius: 8 },
    components: {
      // A visible focus ring on every button, menu entry and link reached by keyboard.
      MuiButtonBase: {
        defaultProps: { disableRipple: reduceMotion },
        styleOverrides: {
          root: {
            '&.Mui-focusVisible': { outline: `2px solid ${FOCUS_RING}`, outlineOffset: 2 },
          },
        },
      },
      // What the theme's transitions do not reach: CSS animations (spinners, skeletons) and
      // transitions. Not the toasts' progress bar: its animation is the toast's 5 s clock (the
      // toast closes when it ends), not decoration.
      MuiCssBaseline: reduceMotion
        ? {
            styleOverrides: {
              '*:not(.Toastify__progress-bar), *::before, *::after': {
                animationDuration: '0.01ms !important',
                animationIterationCount: '1 !important',
                transitionDuration: '0.01ms !important',
                scrollBehavior: 'auto !important',
              },
            },
          }
        : {},
      MuiLink: {
        styleOverrides: {
          root: { '&:focus-visible': { outline: `2px solid ${FOCUS_RING}`, outlineOffset: 2 } },
        },
      },
    },
  });
}

export const theme = createAppTheme({ reduceMotion: prefersReducedMotion() });
