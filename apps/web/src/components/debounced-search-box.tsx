import { useEffect, useState } from 'react';
import { SearchBox } from './search-box.tsx';

export interface DebouncedSearchBoxProps {
  /** The search in effect (from the URL). */
  value: string;
  /** Called once typing pauses for `debounceMs`, or at once when the box is emptied. */
  onSearch: (search: string) => void;
  debounceMs: number;
  placeholder?: string;
  width?: number | string;
}

/**
 * A search box that keeps what is typed to itself and hands only the debounced, trimmed text
 * on: a keystroke re-renders this box, not the screen and its table. Leaving the box hands the
 * text on at once: a click on a menu link leaves it first, so the search lands on the list it was
 * typed for, never on the screen the operator goes to (a pending pause could end after the
 * navigation began).
 */
export function DebouncedSearchBox({
  value,
  onSearch,
  debounceMs,
  placeholder,
  width,
}: DebouncedSearchBoxProps) {
  const [text, setText] = useState(value);
  // The search changed elsewhere (Refresh, search-by, back/forward, a saved view): show it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === value) return;
    if (wanted === '') {
      onSearch('');
      return;
    }
    const timer = setTimeout(() => onSearch(wanted), debounceMs);
    return () => clearTimeout(timer);
  }, [text, value, debounceMs, onSearch]);
  const handOn = () => {
    const wanted = text.trim();
    if (wanted !== value) onSearch(wanted);
  };
  return (
    <SearchBox
      value={text}
      onChange={setText}
      onBlur={handOn}
      placeholder={placeholder}
      width={width}
    />
  );
}
