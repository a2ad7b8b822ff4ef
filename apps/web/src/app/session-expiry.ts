import type { QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@tagih/contract';
import { onSessionExpired } from '../api/session.ts';
import { notify } from '../components/notify.tsx';
import { LOGIN_ROUTE } from './route-access.ts';

interface Navigator {
  navigate: (to: string) => Promise<void>;
}

/** When the server ends the session: one toast, go to /login, forget cached data (spec §4). */
export function handleSessionExpiry(router: Navigator, queryClient: QueryClient): () => void {
  return onSessionExpired(() => {
    notify.error(MESSAGES.reloginTitle, MESSAGES.sessionExpired, { toastId: 'session-expired' });
    void router.navigate(LOGIN_ROUTE).then(() => queryClient.removeQueries());
  });
}
