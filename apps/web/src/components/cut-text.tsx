import './cut-text.css';

/** One line of text that the width may cut (…); the whole text shows on hover (its title). */
export function CutText({ text }: { text: string }) {
  return (
    <span className="cut-text" title={text}>
      {text}
    </span>
  );
}
