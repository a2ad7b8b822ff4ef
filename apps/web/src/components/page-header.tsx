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

/** Screen title with the breadcrumb 'Home > {screen}'; the Home crumb goes home (spec §2). */
export function PageHeader({ title, crumb, subtitle, actions }: PageHeaderProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        gap: 2,
        flexWrap: 'wrap',
        mb: 3,
      }}
    >
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
        <Breadcrumbs aria-label="breadcrumb" separator=">" sx={{ mt: 0.5, fontSize: 14 }}>
          <Link component={RouterLink} to={dashboardUrl('home')} underline="hover" color="primary">
            Home
          </Link>
          <Typography color="text.primary" sx={{ fontSize: 14 }}>
            {crumb ?? title}
          </Typography>
        </Breadcrumbs>
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
