import './cut-text.css';

export interface CutTextProps {
  text: string;
  /**
   * Which part stays when the width cuts the text: 'start' (default; "Pembayaran lis…") or
   * 'end', for ids whose distinguishing part is their end ("…MX0BTQUKE4").
   */
  keep?: 'start' | 'end';
  /** The text may take two lines before it is cut. */
  wrap?: boolean;
}

/** One line of text that the width may cut (…); the whole text shows on hover (its title). */
export function CutText({ text, keep = 'start', wrap = false }: CutTextProps) {
  const classes = [
    'cut-text',
    keep === 'end' ? 'cut-text-keep-end' : undefined,
    wrap ? 'cut-text-wrap' : undefined,
  ];
  return (
    <span className={classes.filter(Boolean).join(' ')} title={text}>
      {/* Kept left to right inside the right-to-left box that moves the ellipsis to the start. */}
      {keep === 'end' ? <bdi dir="ltr">{text}</bdi> : text}
    </span>
  );
}
