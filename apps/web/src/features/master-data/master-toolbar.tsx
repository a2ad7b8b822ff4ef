import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import RefreshIcon from '@mui/icons-material/Refresh';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import { DebouncedSearchBox } from '../../components/debounced-search-box.tsx';
import { ToolbarButton } from '../../components/toolbar-button.tsx';

export interface MasterToolbarProps {
  /** The search in effect (the box debounces what is typed). */
  search: string;
  /** A new key after Refresh: the box drops what was typed but not searched yet. */
  searchBoxKey: string;
  onSearch: (text: string) => void;
  debounceMs: number;
  placeholder: string;
  /** Absent without create permission: no Add Data button. */
  onAdd?: () => void;
  /** Absent when the screen has no filters. */
  onFilter?: () => void;
  activeFilters: number;
  onRefresh: () => void;
}

/** Search on the left; Add Data, Filter Data and Refresh on the right (icon-only on mobile, spec §2). */
export function MasterToolbar({
  search,
  searchBoxKey,
  onSearch,
  debounceMs,
  placeholder,
  onAdd,
  onFilter,
  activeFilters,
  onRefresh,
}: MasterToolbarProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        my: 2,
      }}
    >
      <Box sx={{ width: { xs: '100%', sm: 320 } }}>
        <DebouncedSearchBox
          key={searchBoxKey}
          value={search}
          onSearch={onSearch}
          debounceMs={debounceMs}
          placeholder={placeholder}
          width="100%"
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {onAdd && (
          <ToolbarButton label="Add Data" icon={<AddIcon />} onClick={onAdd} variant="contained" />
        )}
        {onFilter && (
          <ToolbarButton
            label="Filter Data"
            icon={
              <Badge color="secondary" variant="dot" invisible={activeFilters === 0}>
                <FilterListIcon />
              </Badge>
            }
            onClick={onFilter}
          />
        )}
        <ToolbarButton label="Refresh" icon={<RefreshIcon />} onClick={onRefresh} />
      </Box>
    </Box>
  );
}
