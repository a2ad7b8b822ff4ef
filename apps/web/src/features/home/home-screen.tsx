import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Logo } from '../../components/logo.tsx';
import { HomeFigures } from './home-figures.tsx';

/** The welcome page (spec §1) and, below it, the day's figures. */
export function HomeScreen() {
  return (
    <>
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        py: { xs: 4, sm: 6 },
        gap: 2,
      }}
    >
      <Logo />
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontWeight: 300, fontSize: { xs: 32, sm: 48 } }}
      >
        Selamat Datang
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
        Payment Processing Admin Dashboard
      </Typography>
    </Box>
    <HomeFigures />
    </>
  );
}
