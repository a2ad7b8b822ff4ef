import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { LAYOUT } from '@tagih/contract';
import { Logo } from '../../components/logo.tsx';
import { AccountMenu } from './account-menu.tsx';

export interface TopBarProps {
  title: string;
  username: string;
  companyName: string;
  sidebarOpen: boolean;
  isMobile: boolean;
  onToggleSidebar: () => void;
}

export function TopBar({
  title,
  username,
  companyName,
  sidebarOpen,
  isMobile,
  onToggleSidebar,
}: TopBarProps) {
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={1}
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, height: LAYOUT.appBarHeight }}
    >
      <Toolbar
        sx={{ minHeight: `${LAYOUT.appBarHeight}px !important`, gap: 1, px: { xs: 1, sm: 2 } }}
      >
        <IconButton
          edge="start"
          aria-label={sidebarOpen ? 'Collapse menu' : 'Expand menu'}
          onClick={onToggleSidebar}
        >
          {sidebarOpen && !isMobile ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        {!isMobile && (
          <Box sx={{ width: LAYOUT.drawerWidth - 64, flexShrink: 0 }}>
            <Logo height={32} />
          </Box>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            variant="h6"
            component="div"
            noWrap
            sx={{ fontSize: { xs: 16, sm: 20 }, lineHeight: 1.3 }}
          >
            {title}
          </Typography>
          {/* On phones the account menu is an icon: the company worked in is named here. */}
          {isMobile && (
            <Typography
              variant="caption"
              component="div"
              noWrap
              color="text.secondary"
              data-testid="top-bar-company"
            >
              {companyName}
            </Typography>
          )}
        </Box>
        <AccountMenu username={username} companyName={companyName} compact={isMobile} />
      </Toolbar>
    </AppBar>
  );
}
