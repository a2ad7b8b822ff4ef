import { DASHBOARD_ROUTES, type DashboardPath } from '@tagih/contract';
import { Navigate, type RouteObject } from 'react-router';
import { LoadingSpinner } from '../components/loading-spinner.tsx';
import { LoginScreen } from '../features/login/login-screen.tsx';
import { SelectCompanyScreen } from '../features/select-company/select-company-screen.tsx';
import { alwaysRevalidate, redirectSignedIn, requireSignIn, requireToken } from './guards.ts';
import { RequireRead } from './require-read.tsx';
import { DASHBOARD_BASE, LOGIN_ROUTE, SELECT_COMPANY_ROUTE } from './route-access.ts';
import { SCREENS } from './screens.tsx';
import { DashboardLayout } from './shell/dashboard-layout.tsx';

/** The route table of spec §2. */
export function appRoutes(): RouteObject[] {
  return [{ hydrateFallbackElement: <LoadingSpinner fullPage />, children: pageRoutes() }];
}

function pageRoutes(): RouteObject[] {
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
      element: <SelectCompanyScreen />,
    },
    {
      path: DASHBOARD_BASE,
      loader: requireSignIn,
      shouldRevalidate: alwaysRevalidate,
      element: <DashboardLayout />,
      children: [
        { index: true, element: <Navigate to="home" replace /> },
        ...DASHBOARD_ROUTES.map((route) => {
          const Screen = SCREENS[route.path as DashboardPath];
          return {
            path: route.path,
            element: (
              <RequireRead area={route.area}>
                <Screen />
              </RequireRead>
            ),
          };
        }),
      ],
    },
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}
