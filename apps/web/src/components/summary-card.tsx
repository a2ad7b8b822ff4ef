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
      <Typography variant="h6" component="p" sx={VALUE_SX}>
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

// Style objects made once, not on every render (emotion's work on the first render).
const VALUE_SX = { fontWeight: 500 } as const;
const TITLE_SX = { mb: 1 } as const;
const NOTE_SX = { mt: 1.5 } as const;
const ITEMS_SX = { display: 'flex', gap: 4, flexWrap: 'wrap' } as const;
/**
 * Each figure takes at least this room, so the rows the figures wrap into stay the same when the
 * zeros shown while loading become the real figures (no layout shift on a phone).
 */
const ITEM_SX = { minWidth: '8rem' } as const;
const BUTTON_SX = {
  // Its padding and border (10px a side) sit in the negative margins below.
  minWidth: 'calc(8rem + 20px)',
  display: 'block',
  textAlign: 'left',
  borderRadius: 1,
  px: 1,
  py: 0.5,
  // The padding and border sit outside the text's line, so the label lines up with plain figures.
  mx: '-10px',
  my: '-6px',
  border: '2px solid',
  borderColor: 'transparent',
  '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.12)' },
  '&.Mui-focusVisible': { outline: '3px solid currentColor', outlineOffset: 2 },
} as const;
const CHOSEN_BUTTON_SX = { ...BUTTON_SX, borderColor: 'currentColor' } as const;

/** A figure as a button: the whole block is the target; chosen = outlined in the text colour. */
function ItemButton({ item }: { item: SummaryItem }) {
  return (
    <ButtonBase
      onClick={item.onClick}
      aria-pressed={item.selected ?? false}
      title={item.hint}
      sx={item.selected ? CHOSEN_BUTTON_SX : BUTTON_SX}
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
  /** A sentence under the figures (e.g. why they are not shown). */
  note?: string;
}

/**
 * A titled card of labelled figures (a screen's summary above its table). Labels keep the full
 * text colour: faded white on the blue card fell below 4.5:1.
 */
export function SummaryCard({ title, items, color = 'default', note }: SummaryCardProps) {
  const filled = color !== 'default';
  return (
    <Card
      variant={filled ? 'elevation' : 'outlined'}
      sx={filled ? { bgcolor: `${color}.main`, color: `${color}.contrastText` } : undefined}
    >
      <CardContent>
        <Typography variant="subtitle2" component="h2" sx={TITLE_SX}>
          {title}
        </Typography>
        <Box sx={ITEMS_SX}>
          {items.map((item) =>
            item.onClick ? (
              <ItemButton key={item.label} item={item} />
            ) : (
              <Box key={item.label} sx={ITEM_SX}>
                <ItemText item={item} />
              </Box>
            ),
          )}
        </Box>
        {note && (
          <Typography variant="body2" component="p" sx={NOTE_SX}>
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
