import { APP_ROUTES } from '@tagih/contract';
import { routeOfPath } from '../route-access.ts';

export const APP_NAME = 'Tagih';

const PAGE_TITLES: Record<string, string> = {
  [APP_ROUTES.login]: 'Login',
  [APP_ROUTES.selectCompany]: 'Select Company',
};

/** The document title of a pathname: '{screen} · Tagih' from the navigation definitions, else 'Tagih'. */
export function routeTitle(pathname: string): string {
  const screen = routeOfPath(pathname)?.title ?? PAGE_TITLES[pathname];
  return screen ? `${screen} · ${APP_NAME}` : APP_NAME;
}

interface RouterLike {
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => () => void;
}

/** Keeps document.title in step with the router; returns the unsubscribe. */
export function followRouteTitle(router: RouterLike): () => void {
  document.title = routeTitle(router.state.location.pathname);
  return router.subscribe((state) => {
    document.title = routeTitle(state.location.pathname);
  });
}
