import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface SummaryItem {
  label: string;
  /** Shown as is; a missing count shows 0 (spec §2). */
  value: ReactNode;
}

export interface SummaryCardProps {
  title: string;
  items: readonly SummaryItem[];
  /** A filled card in the theme's colour (e.g. 'info', blue); 'default' is outlined. */
  color?: 'default' | 'primary' | 'info';
}

/**
 * A titled card of labelled figures (a screen's summary above its table). Labels keep the full
 * text colour: faded white on the blue card fell below 4.5:1.
 */
export function SummaryCard({ title, items, color = 'default' }: SummaryCardProps) {
  const filled = color !== 'default';
  return (
    <Card
      variant={filled ? 'elevation' : 'outlined'}
      sx={filled ? { bgcolor: `${color}.main`, color: `${color}.contrastText` } : undefined}
    >
      <CardContent>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          {items.map((item) => (
            <Box key={item.label}>
              <Typography variant="caption" component="p">
                {item.label}
              </Typography>
              <Typography variant="h6" component="p" sx={{ fontWeight: 500 }}>
                {item.value ?? 0}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
