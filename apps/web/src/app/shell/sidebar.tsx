import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { LAYOUT, type AccessMap, type DashboardPath, type DashboardRoute } from '@tagih/contract';
import { Fragment, useId } from 'react';
import { NavLink } from 'react-router';
import { DASHBOARD_BASE } from '../route-access.ts';
import { MENU_ICONS } from './menu-icons.tsx';
import { visibleMenu } from './menu-model.ts';

export interface SidebarProps {
  access: AccessMap | undefined;
  open: boolean;
  isMobile: boolean;
  onClose: () => void;
}

function MenuEntry({
  route,
  expanded,
  onNavigate,
}: {
  route: DashboardRoute;
  expanded: boolean;
  onNavigate?: () => void;
}) {
  const Icon = MENU_ICONS[route.path as DashboardPath];
  const link = (
    <ListItemButton
      component={NavLink}
      to={`${DASHBOARD_BASE}/${route.path}`}
      onClick={onNavigate}
      aria-label={route.title}
      // The folded rail is for the mouse; keyboard users unfold it with the menu button first.
      tabIndex={expanded ? 0 : -1}
      sx={{
        minHeight: 44,
        px: 2,
        mx: expanded ? 1 : 0.5,
        borderRadius: 1,
        '&.active': {
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          '& .MuiListItemIcon-root': { color: 'inherit' },
        },
        '&.active:hover': { bgcolor: 'primary.dark' },
      }}
    >
      <ListItemIcon sx={{ minWidth: expanded ? 40 : 0 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {expanded && (
        // Long titles ('User Company Management') wrap rather than being cut.
        <ListItemText
          primary={route.title}
          slotProps={{ primary: { fontSize: 14, lineHeight: 1.3 } }}
        />
      )}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {expanded ? (
        link
      ) : (
        <Tooltip title={route.title} placement="right">
          {link}
        </Tooltip>
      )}
    </ListItem>
  );
}

/** The menu: one list per section, each named by its header (Transactions, Master). */
function MenuList({
  access,
  expanded,
  onNavigate,
}: {
  access: AccessMap | undefined;
  expanded: boolean;
  onNavigate?: () => void;
}) {
  const headerId = useId();
  return (
    <Box component="nav" aria-label="Main menu" sx={{ py: 1 }}>
      {visibleMenu(access).map((section) => {
        const labelId = section.label && expanded ? `${headerId}-${section.group}` : undefined;
        return (
          <Fragment key={section.group}>
            {section.label && !expanded && (
              <Box role="separator" sx={{ borderTop: 1, borderColor: 'divider', my: 1, mx: 1 }} />
            )}
            {labelId && (
              <ListSubheader
                id={labelId}
                component="div"
                sx={{
                  lineHeight: '32px',
                  mt: 1,
                  bgcolor: 'transparent',
                  textTransform: 'uppercase',
                  fontSize: 12,
                  color: 'text.secondary',
                }}
              >
                {section.label}
              </ListSubheader>
            )}
            <List
              disablePadding
              aria-labelledby={labelId}
              aria-label={section.label && !expanded ? section.label : undefined}
            >
              {section.entries.map((route) => (
                <MenuEntry
                  key={route.path}
                  route={route}
                  expanded={expanded}
                  onNavigate={onNavigate}
                />
              ))}
            </List>
          </Fragment>
        );
      })}
    </Box>
  );
}

/** The left menu: a temporary drawer on mobile, else a drawer that folds to a 56 px rail. */
export function Sidebar({ access, open, isMobile, onClose }: SidebarProps) {
  if (isMobile) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { sx: { width: LAYOUT.drawerWidth } } }}
      >
        <Toolbar sx={{ minHeight: LAYOUT.appBarHeight }} />
        <MenuList access={access} expanded onNavigate={onClose} />
      </Drawer>
    );
  }
  const width = open ? LAYOUT.drawerWidth : LAYOUT.railWidth;
  return (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width,
          overflowX: 'hidden',
          boxSizing: 'border-box',
          transition: (theme) => theme.transitions.create('width'),
        },
      }}
    >
      <Toolbar sx={{ minHeight: LAYOUT.appBarHeight }} />
      <MenuList access={access} expanded={open} />
    </Drawer>
  );
}
