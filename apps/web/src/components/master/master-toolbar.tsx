import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import RefreshIcon from '@mui/icons-material/Refresh';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../hooks/use-is-mobile.ts';
import { SearchBox } from '../search-box.tsx';

export interface MasterToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  placeholder: string;
  /** Absent without create permission: no Add Data button. */
  onAdd?: () => void;
  /** Absent when the screen has no filters. */
  onFilter?: () => void;
  activeFilters: number;
  onRefresh: () => void;
}

/** A labelled button, icon-only on mobile (spec §2). */
function ToolButton({ label, icon, onClick, variant }: { label: string; icon: ReactNode; onClick: () => void; variant: 'contained' | 'outlined' }) {
  const mobile = useIsMobile();
  if (mobile) {
    return (
      <Tooltip title={label}>
        <IconButton aria-label={label} onClick={onClick} color="primary">
          {icon}
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button variant={variant} startIcon={icon} onClick={onClick}>
      {label}
    </Button>
  );
}

/** Search on the left; Add Data, Filter Data and Refresh on the right. */
export function MasterToolbar({ search, onSearch, placeholder, onAdd, onFilter, activeFilters, onRefresh }: MasterToolbarProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', my: 2 }}>
      <Box sx={{ width: { xs: '100%', sm: 320 } }}>
        <SearchBox value={search} onChange={onSearch} placeholder={placeholder} width="100%" />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {onAdd && <ToolButton label="Add Data" icon={<AddIcon />} onClick={onAdd} variant="contained" />}
        {onFilter && (
          <ToolButton
            label="Filter Data"
            icon={
              <Badge color="secondary" variant="dot" invisible={activeFilters === 0}>
                <FilterListIcon />
              </Badge>
            }
            onClick={onFilter}
            variant="outlined"
          />
        )}
        <ToolButton label="Refresh" icon={<RefreshIcon />} onClick={onRefresh} variant="outlined" />
      </Box>
    </Box>
  );
}
