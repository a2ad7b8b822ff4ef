import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { LAYOUT } from '@tagih/contract';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { routeOfPath } from '../route-access.ts';
import { useDashboardStatus } from '../use-dashboard-status.ts';
import { usePermissionGuard } from '../use-permission-guard.ts';
import { activeCompanyName } from './company-name.ts';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useSidebarState } from './use-sidebar-state.ts';

/** /dashboard: top bar, sidebar and the current screen. */
export function DashboardLayout() {
  usePermissionGuard();
  const status = useDashboardStatus();
  const sidebar = useSidebarState();
  const { pathname } = useLocation();

  if (!status.data) return <LoadingSpinner fullPage label="Loading user status" />;

  const route = routeOfPath(pathname);
  const title = route ? (sidebar.isMobile ? route.shortTitle : route.title) : '';
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar
        title={title}
        username={status.data.username}
        companyName={activeCompanyName(status.data.company)}
        sidebarOpen={sidebar.open}
        isMobile={sidebar.isMobile}
        onToggleSidebar={sidebar.toggle}
      />
      <Sidebar
        access={status.data.access}
        open={sidebar.open}
        isMobile={sidebar.isMobile}
        onClose={sidebar.close}
      />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar sx={{ minHeight: LAYOUT.appBarHeight }} />
        <Suspense fallback={<LoadingSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
