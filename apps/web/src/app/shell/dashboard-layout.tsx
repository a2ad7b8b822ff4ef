import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { LAYOUT } from '@tagih/contract';
import { Suspense, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLiveStream } from '../../api/live-events.ts';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { routeOfPath } from '../route-access.ts';
import { useDashboardStatus } from '../use-dashboard-status.ts';
import { usePermissionGuard } from '../use-permission-guard.ts';
import { activeCompanyName } from './company-name.ts';
import { Sidebar } from './sidebar.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { TopBar } from './top-bar.tsx';
import { useFocusHeading } from './use-focus-heading.ts';
import { useSidebarState } from './use-sidebar-state.ts';

/** /dashboard: top bar, sidebar and the current screen. */
export function DashboardLayout() {
  usePermissionGuard();
  const status = useDashboardStatus();
  // One live stream per signed-in tab, for the company it works in (a new company, a new stream).
  useLiveStream(status.data?.company.active?.compId ?? null);
  const sidebar = useSidebarState();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useFocusHeading(main, pathname);

  if (!status.data) return <LoadingSpinner fullPage label="Loading user status" />;

  const route = routeOfPath(pathname);
  const title = route ? (sidebar.isMobile ? route.shortTitle : route.title) : '';
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
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
      <Box
        component="main"
        ref={main}
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          p: { xs: 2, sm: 3 },
          // The main region and the heading it focuses after a navigation (use-focus-heading.ts) are
          // no controls: a ring around them reads as a stray box.
          '&:focus, & h1[tabindex="-1"]:focus': { outline: 'none' },
        }}
      >
        <Toolbar sx={{ minHeight: LAYOUT.appBarHeight }} />
        <Suspense fallback={<LoadingSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
