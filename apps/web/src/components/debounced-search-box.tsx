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
 * on: a keystroke re-renders this box, not the screen and its table.
 */
export function DebouncedSearchBox({ value, onSearch, debounceMs, placeholder, width }: DebouncedSearchBoxProps) {
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
  return <SearchBox value={text} onChange={setText} placeholder={placeholder} width={width} />;
}
