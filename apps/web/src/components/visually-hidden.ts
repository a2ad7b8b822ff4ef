import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Read by screen readers, not shown (the usual clip pattern). Sizes are strings: in `sx` the
 * number 1 means 100%, which made each hidden label as large as its container and widened Home.
 */
export const visuallyHidden: SxProps<Theme> = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
