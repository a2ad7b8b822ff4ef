import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAGE_SIZE_OPTIONS } from '@tagih/contract';

/** How many page numbers the pager shows (spec §9). */
const VISIBLE_PAGES = 5;
/** A page number button's least width, and the gap between the pager's controls (px). */
const PAGE_BUTTON_WIDTH = 32;
const CONTROL_GAP = 4;

export interface TablePagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  rowCount: number;
  /** More rows match than rowCount: the server stopped counting there (pagination.totalCapped). */
  rowCountCapped?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  disabled?: boolean;
  /**
   * The first count is still coming: the page numbers' full room is kept, so the pager does not
   * shift when the count (and with it the number of pages) arrives (no layout shift).
   */
  countPending?: boolean;
}

export function showingText(
  page: number,
  pageSize: number,
  rowCount: number,
  capped = false,
): string {
  const from = rowCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, rowCount);
  return `Showing ${from} to ${to} of ${capped ? 'more than ' : ''}${rowCount} entries`;
}

/** The window of page numbers around the current page. */
export function visiblePages(page: number, pageCount: number): number[] {
  const count = Math.min(VISIBLE_PAGES, pageCount);
  const start = Math.max(1, Math.min(page - Math.floor(VISIBLE_PAGES / 2), pageCount - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

// Style objects made once, not on every render (emotion's work on the first render).
const PAGER_SX = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: 1,
  px: 1,
  py: 1,
} as const;
const CONTROLS_SX = {
  display: 'flex',
  alignItems: 'center',
  gap: `${CONTROL_GAP}px`,
  flexWrap: 'wrap',
} as const;
const PAGE_SIZE_SX = { width: 88, mr: 1 } as const;
const PAGE_BUTTON_SX = { minWidth: PAGE_BUTTON_WIDTH, px: 1 } as const;

/** First/Prev/page numbers/Next/Last, page size and 'Showing {0} to {1} of {2} entries'. */
export function TablePager({
  page,
  pageSize,
  rowCount,
  rowCountCapped = false,
  onPageChange,
  onPageSizeChange,
  disabled = false,
  countPending = false,
}: TablePagerProps) {
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  const pages = visiblePages(page, pageCount);
  const missingPages = countPending ? VISIBLE_PAGES - pages.length : 0;
  const atFirst = page <= 1;
  const atLast = page >= pageCount;
  return (
    <Box sx={PAGER_SX}>
      <Typography variant="body2" color="text.secondary">
        {showingText(page, pageSize, rowCount, rowCountCapped)}
      </Typography>
      <Box sx={CONTROLS_SX}>
        <TextField
          select
          size="small"
          label="Rows"
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          disabled={disabled}
          sx={PAGE_SIZE_SX}
        >
          {PAGE_SIZE_OPTIONS.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
        <IconButton
          aria-label="First page"
          size="small"
          disabled={disabled || atFirst}
          onClick={() => onPageChange(1)}
        >
          <FirstPageIcon />
        </IconButton>
        <IconButton
          aria-label="Previous page"
          size="small"
          disabled={disabled || atFirst}
          onClick={() => onPageChange(page - 1)}
        >
          <NavigateBeforeIcon />
        </IconButton>
        {pages.map((n) => (
          <Button
            key={n}
            size="small"
            variant={n === page ? 'contained' : 'text'}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            disabled={disabled}
            onClick={() => onPageChange(n)}
            sx={PAGE_BUTTON_SX}
          >
            {n}
          </Button>
        ))}
        {missingPages > 0 && (
          <Box
            aria-hidden
            sx={{ width: missingPages * PAGE_BUTTON_WIDTH + (missingPages - 1) * CONTROL_GAP }}
          />
        )}
        <IconButton
          aria-label="Next page"
          size="small"
          disabled={disabled || atLast}
          onClick={() => onPageChange(page + 1)}
        >
          <NavigateNextIcon />
        </IconButton>
        <IconButton
          aria-label="Last page"
          size="small"
          disabled={disabled || atLast}
          onClick={() => onPageChange(pageCount)}
        >
          <LastPageIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
