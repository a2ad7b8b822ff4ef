import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface SummaryItem {
  label: string;
  /** Shown as is; a missing count shows 0 (spec §2). */
  value: ReactNode;
  /** A second, smaller line under the value (e.g. an amount). */
  detail?: ReactNode;
  /** Makes the figure a button (e.g. filter the list by it). */
  onClick?: () => void;
  /** A clickable figure that is the current choice (aria-pressed, outlined). */
  selected?: boolean;
  /** The button's tooltip and accessible description. */
  hint?: string;
}

function ItemText({ item }: { item: SummaryItem }) {
  return (
    <>
      <Typography variant="caption" component="p">
        {item.label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 500 }}>
        {item.value ?? 0}
      </Typography>
      {item.detail !== undefined && (
        <Typography variant="body2" component="p">
          {item.detail}
        </Typography>
      )}
    </>
  );
}

/** A figure as a button: the whole block is the target; chosen = outlined in the text colour. */
function ItemButton({ item }: { item: SummaryItem }) {
  return (
    <ButtonBase
      onClick={item.onClick}
      aria-pressed={item.selected ?? false}
      title={item.hint}
      sx={{
        display: 'block',
        textAlign: 'left',
        borderRadius: 1,
        px: 1,
        py: 0.5,
        // The padding and border sit outside the text's line, so the label lines up with plain figures.
        mx: '-10px',
        my: '-6px',
        border: '2px solid',
        borderColor: item.selected ? 'currentColor' : 'transparent',
        '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.12)' },
        '&.Mui-focusVisible': { outline: '3px solid currentColor', outlineOffset: 2 },
      }}
    >
      <ItemText item={item} />
    </ButtonBase>
  );
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
          {items.map((item) =>
            item.onClick ? (
              <ItemButton key={item.label} item={item} />
            ) : (
              <Box key={item.label}>
                <ItemText item={item} />
              </Box>
            ),
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
