import Box from '@mui/material/Box';
import logoUrl from '../assets/logo.svg';

/** The brand logo; at most 40 px high (spec §1). */
export function Logo({ height = 40 }: { height?: number }) {
  return (
    <Box
      component="img"
      src={logoUrl}
      alt="Tagih"
      sx={{ height, maxHeight: 40, width: 'auto', display: 'block' }}
    />
  );
}
