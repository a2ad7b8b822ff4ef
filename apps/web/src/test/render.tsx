import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';

/** Renders routes in a memory router inside the app's providers. */
export function renderRoutes(routes: RouteObject[], initialPath = '/') {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}

/** Renders one element (which may use links) inside the app's providers. */
export function renderUi(ui: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element: ui }], path);
}

/** A JSON answer in the API envelope. */
export function envelopeResponse(
  data: unknown,
  init: { status?: number; error?: 0 | 1; message?: string } = {},
) {
  const body = { status: { error: init.error ?? 0, message: init.message ?? 'Success' }, data };
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json' },
  });
}
