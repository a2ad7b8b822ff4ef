import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Logo } from '../../components/logo.tsx';
import { HomeFigures } from './home-figures.tsx';

/**
 * The welcome page (spec §1): the welcome is one short line, so what needs attention ("Perlu
 * tindakan", the breaks, failing callbacks) opens above the fold, the day's figures below it.
 */
export function HomeScreen() {
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          columnGap: 2,
          rowGap: 0.5,
          mb: 2,
        }}
      >
        <Logo height={32} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 400 }}>
          Selamat Datang
        </Typography>
        <Typography component="p" color="text.secondary">
          Payment Processing Admin Dashboard
        </Typography>
      </Box>
      <HomeFigures />
    </>
  );
}
