import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { LAYOUT, type AccessMap, type DashboardPath } from '@tagih/contract';
import { Fragment } from 'react';
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

function MenuList({
  access,
  expanded,
  onNavigate,
}: {
  access: AccessMap | undefined;
  expanded: boolean;
  onNavigate?: () => void;
}) {
  return (
    <List component="nav" aria-label="Main menu" sx={{ py: 1 }}>
      {visibleMenu(access).map((section) => (
        <Fragment key={section.group}>
          {section.label && expanded && (
            <ListSubheader
              sx={{
                lineHeight: '32px',
                mt: 1,
                bgcolor: 'transparent',
                textTransform: 'uppercase',
                fontSize: 12,
              }}
            >
              {section.label}
            </ListSubheader>
          )}
          {section.label && !expanded && (
            <Box role="separator" sx={{ borderTop: 1, borderColor: 'divider', my: 1, mx: 1 }} />
          )}
          {section.entries.map((route) => {
            const Icon = MENU_ICONS[route.path as DashboardPath];
            const button = (
              <ListItemButton
                component={NavLink}
                to={`${DASHBOARD_BASE}/${route.path}`}
                onClick={onNavigate}
                aria-label={route.title}
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
                  <ListItemText
                    primary={route.title}
                    slotProps={{ primary: { noWrap: true, fontSize: 14 } }}
                  />
                )}
              </ListItemButton>
            );
            return expanded ? (
              <Fragment key={route.path}>{button}</Fragment>
            ) : (
              <Tooltip key={route.path} title={route.title} placement="right">
                {button}
              </Tooltip>
            );
          })}
        </Fragment>
      ))}
    </List>
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
