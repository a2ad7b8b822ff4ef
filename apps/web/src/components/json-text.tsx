import Box from '@mui/material/Box';
import { EMPTY_CELL } from './data-table.tsx';

/** JSON text indented for reading; other text as it is; null when there is nothing. */
export function prettyJson(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * A request or response body: pretty-printed in a scrollable block, or N/A (spec §2). The block
 * takes the keyboard focus (named by `label`) so that it can be scrolled without a mouse.
 */
export function JsonText({
  text,
  label = 'JSON',
}: {
  text: string | null | undefined;
  label?: string;
}) {
  const shown = prettyJson(text);
  if (shown === null) return <>{EMPTY_CELL}</>;
  return (
    <Box
      component="pre"
      tabIndex={0}
      role="group"
      aria-label={label}
      sx={{
        m: 0,
        p: 1,
        maxHeight: 260,
        maxWidth: '100%',
        overflow: 'auto',
        bgcolor: 'grey.50',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        fontSize: 12,
        lineHeight: 1.45,
        // Keep the indentation, wrap long values instead of hiding them.
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {shown}
    </Box>
  );
}
