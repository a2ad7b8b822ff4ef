import type { QueryClient } from '@tanstack/react-query';
import { DASHBOARD_ROUTES, type DashboardPath } from '@tagih/contract';
import { Navigate, type RouteObject } from 'react-router';
import { statusQueryKey, statusQueryOptions } from '../api/get-status.ts';
import { LoadingSpinner } from '../components/loading-spinner.tsx';
import { LoginScreen } from '../features/login/login-screen.tsx';
import { alwaysRevalidate, redirectSignedIn, requireSignIn, requireToken } from './guards.ts';
import { RequireRead } from './require-read.tsx';
import { DASHBOARD_BASE, LOGIN_ROUTE, SELECT_COMPANY_ROUTE } from './route-access.ts';
import { SCREENS } from './screens.tsx';
import { reconBreakRoutes, transactionDetailRoutes } from './transaction-detail-routes.tsx';

/**
 * The route table of spec §2. Only the sign-in page is in the first script; every other page
 * (Select Company, the dashboard layout, each screen) is a route's `lazy` part, which the router
 * loads in parallel with the others the URL needs — and, given the query cache, with the status.
 */
export function appRoutes(queryClient?: QueryClient): RouteObject[] {
  return [
    { hydrateFallbackElement: <LoadingSpinner fullPage />, children: pageRoutes(queryClient) },
  ];
}

/** /dashboard/*: the sign-in check, and the first status call started beside the page's code. */
const dashboardLoader = (queryClient?: QueryClient) => () => {
  requireSignIn();
  if (queryClient && queryClient.getQueryData(statusQueryKey) === undefined) {
    void queryClient.prefetchQuery(statusQueryOptions());
  }
  return null;
};

function pageRoutes(queryClient?: QueryClient): RouteObject[] {
  return [
    { path: '/', element: <Navigate to={LOGIN_ROUTE} replace /> },
    {
      path: LOGIN_ROUTE,
      loader: redirectSignedIn,
      shouldRevalidate: alwaysRevalidate,
      element: <LoginScreen />,
    },
    {
      path: SELECT_COMPANY_ROUTE,
      loader: requireToken,
      shouldRevalidate: alwaysRevalidate,
      lazy: async () => {
        const { SelectCompanyScreen } =
          await import('../features/select-company/select-company-screen.tsx');
        return { Component: SelectCompanyScreen };
      },
    },
    {
      path: DASHBOARD_BASE,
      loader: dashboardLoader(queryClient),
      shouldRevalidate: alwaysRevalidate,
      lazy: async () => {
        const { DashboardLayout } = await import('./shell/dashboard-layout.tsx');
        return { Component: DashboardLayout };
      },
      children: [
        { index: true, element: <Navigate to="home" replace /> },
        ...DASHBOARD_ROUTES.map((route) => {
          const Screen = SCREENS[route.path as DashboardPath];
          return {
            path: route.path,
            // Starts the screen's download at navigation, not when the layout renders it.
            // (A failure shows when the screen renders, through the lazy component.)
            loader: () => {
              Screen.preload().catch(() => undefined);
              return null;
            },
            element: (
              <RequireRead area={route.area}>
                <Screen />
              </RequireRead>
            ),
          };
        }),
        ...transactionDetailRoutes(),
        ...reconBreakRoutes(),
      ],
    },
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}
