import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@tagih/contract';

/** A locked folder: drawn here so the app needs no image host. */
function LockedIllustration() {
  return (
    <svg width="180" height="140" viewBox="0 0 180 140" aria-hidden="true">
      <ellipse cx="90" cy="128" rx="70" ry="8" fill="#e8efe8" />
      <path
        d="M30 40a6 6 0 0 1 6-6h36l10 10h62a6 6 0 0 1 6 6v66a6 6 0 0 1-6 6H36a6 6 0 0 1-6-6z"
        fill="#3e8a41"
        opacity="0.2"
      />
      <path
        d="M30 54a6 6 0 0 1 6-6h108a6 6 0 0 1 6 6v62a6 6 0 0 1-6 6H36a6 6 0 0 1-6-6z"
        fill="#3e8a41"
        opacity="0.35"
      />
      <rect x="70" y="70" width="40" height="34" rx="6" fill="#393945" />
      <path d="M78 70v-9a12 12 0 0 1 24 0v9" fill="none" stroke="#393945" strokeWidth="6" />
      <circle cx="90" cy="84" r="5" fill="#d5d800" />
      <rect x="88" y="86" width="4" height="10" rx="2" fill="#d5d800" />
    </svg>
  );
}

/** Shown instead of a screen whose read permission is missing (spec §2). */
export function NoAccess() {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        py: 8,
        gap: 1,
      }}
    >
      <LockedIllustration />
      <Typography variant="h5" component="h1" sx={{ mt: 2, fontWeight: 500 }}>
        {MESSAGES.noAccessHeading}
      </Typography>
      <Typography color="text.secondary">{MESSAGES.noAccessText}</Typography>
    </Box>
  );
}
