import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { appRoutes } from './routes.tsx';
import { handleSessionExpiry } from './session-expiry.ts';
import { followRouteTitle } from './shell/route-title.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(appRoutes(queryClient)));
  useEffect(() => handleSessionExpiry(router, queryClient), [router, queryClient]);
  useEffect(() => followRouteTitle(router), [router]);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
