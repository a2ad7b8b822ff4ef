import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * The row above a monitoring table: inputs, then the buttons pushed to the right. Everything
 * wraps as one line of items, so a narrow screen stacks them without leaving gaps.
 */
export function ScreenToolbar({ inputs, buttons }: { inputs: ReactNode; buttons: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, my: 2 }}>
      {inputs}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>{buttons}</Box>
    </Box>
  );
}
