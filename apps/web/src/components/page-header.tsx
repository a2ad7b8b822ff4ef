import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { dashboardUrl } from '@tagih/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface PageHeaderProps {
  title: string;
  /** The last crumb; defaults to the title ('Home > {screen}'). */
  crumb?: string;
  subtitle?: string;
  /** Buttons shown on the right. */
  actions?: ReactNode;
}

// Style objects made once, not on every render (emotion's work on the first render).
const HEADER_SX = {
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: 2,
  flexWrap: 'wrap',
  mb: 3,
} as const;
const TITLE_SX = { fontWeight: 500 } as const;
const CRUMBS_SX = { mt: 0.5, fontSize: 14 } as const;
const CRUMB_SX = { fontSize: 14 } as const;
const ACTIONS_SX = { display: 'flex', gap: 1, flexWrap: 'wrap' } as const;

/** Screen title with the breadcrumb 'Home > {screen}'; the Home crumb goes home (spec §2). */
export function PageHeader({ title, crumb, subtitle, actions }: PageHeaderProps) {
  return (
    <Box sx={HEADER_SX}>
      <Box>
        <Typography variant="h5" component="h1" sx={TITLE_SX}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
        <Breadcrumbs aria-label="breadcrumb" separator=">" sx={CRUMBS_SX}>
          <Link component={RouterLink} to={dashboardUrl('home')} underline="hover" color="primary">
            Home
          </Link>
          <Typography color="text.primary" sx={CRUMB_SX}>
            {crumb ?? title}
          </Typography>
        </Breadcrumbs>
      </Box>
      {actions && <Box sx={ACTIONS_SX}>{actions}</Box>}
    </Box>
  );
}
