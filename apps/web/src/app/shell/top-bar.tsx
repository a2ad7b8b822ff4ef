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
        <Typography
          variant="h6"
          component="div"
          noWrap
          sx={{ flexGrow: 1, fontSize: { xs: 16, sm: 20 } }}
        >
          {title}
        </Typography>
        <AccountMenu username={username} companyName={companyName} compact={isMobile} />
      </Toolbar>
    </AppBar>
  );
}
