import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * A search box's text and the search it asks for: debounced while typing, but an emptied
 * box applies at once (no stale search after clearing).
 */
export function useSearchText(debounceMs: number) {
  const [searchText, setSearchText] = useState('');
  const debounced = useDebouncedValue(searchText.trim(), debounceMs);
  const search = searchText.trim() === '' ? '' : debounced;
  return { searchText, setSearchText, search };
}
