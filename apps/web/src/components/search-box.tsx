import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** The box lost the focus. */
  onBlur?: () => void;
  placeholder?: string;
  /** Shows a clear button when there is text. */
  clearable?: boolean;
  width?: number | string;
}

/**
 * A controlled search input. Screens keep the raw text and query with
 * `useDebouncedValue(text, SEARCH_DEBOUNCE_MS.default)` from src/hooks.
 */
export function SearchBox({
  value,
  onChange,
  onBlur,
  placeholder = 'Search..',
  clearable = true,
  width = 280,
}: SearchBoxProps) {
  return (
    <TextField
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      placeholder={placeholder}
      sx={{ width, maxWidth: '100%' }}
      slotProps={{
        // No browser autofill: Back must show the search the list applied, not a text the browser kept.
        htmlInput: { 'aria-label': placeholder, autoComplete: 'off' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment:
            clearable && value ? (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  aria-label="Clear search"
                  onClick={() => onChange('')}
                  edge="end"
                >
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
        },
      }}
    />
  );
}
