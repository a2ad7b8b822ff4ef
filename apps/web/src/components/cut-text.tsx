import Box from '@mui/material/Box';

const CUT_SX = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** One line of text that the width may cut (…); the whole text shows on hover (its title). */
export function CutText({ text }: { text: string }) {
  return (
    <Box component="span" title={text} sx={CUT_SX}>
      {text}
    </Box>
  );
}
