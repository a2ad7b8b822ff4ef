import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme.ts';

describe('the theme and reduced motion', () => {
  it('keeps the transitions and the ripple by default', () => {
    const theme = createAppTheme({ reduceMotion: false });
    expect(theme.transitions.create('width')).toMatch(/^width \d+ms/);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(false);
    expect(theme.components?.MuiCssBaseline).toEqual({});
  });

  it('takes every transition, ripple and animation away when the operator asks for less motion', () => {
    const theme = createAppTheme({ reduceMotion: true });
    expect(theme.transitions.create('width')).toBe('none');
    expect(Object.values(theme.transitions.duration)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(JSON.stringify(theme.components?.MuiCssBaseline?.styleOverrides)).toContain(
      '"animationIterationCount":"1 !important"',
    );
  });
});
