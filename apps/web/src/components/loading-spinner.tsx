import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred spinner; `fullPage` fills the viewport. */
export function LoadingSpinner({
  fullPage = false,
  label = 'Loading',
}: {
  fullPage?: boolean;
  label?: string;
}) {
  return (
    <Box
      role="status"
      aria-label={label}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 4,
        minHeight: fullPage ? '100vh' : 200,
      }}
    >
      <CircularProgress />
    </Box>
  );
}
