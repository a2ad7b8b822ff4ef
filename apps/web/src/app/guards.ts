/**
 * Route guards run before every navigation (spec §2 "Navigation guard"): sign-in and
 * token checks are loaders; the permission check is a blocker in the dashboard layout.
 */
import { MESSAGES } from '@tagih/contract';
import { redirect } from 'react-router';
import { hasToken, isAuthenticated } from '../api/session.ts';
import { notify } from '../components/notify.tsx';
import { HOME_ROUTE, LOGIN_ROUTE } from './route-access.ts';

/** /login: a signed-in user goes straight to Home. */
export function redirectSignedIn() {
  if (isAuthenticated()) throw redirect(HOME_ROUTE);
  return null;
}

/** /selectcompany needs a token. */
export function requireToken() {
  if (!hasToken()) {
    notify.error(MESSAGES.noTokenCompanyPage, undefined, { toastId: 'no-token' });
    throw redirect(LOGIN_ROUTE);
  }
  return null;
}

/** /dashboard/*: signed in, re-checked on every navigation. */
export function requireSignIn() {
  if (!isAuthenticated()) {
    notify.error(MESSAGES.reloginTitle, MESSAGES.noToken, { toastId: 'no-token' });
    throw redirect(LOGIN_ROUTE);
  }
  return null;
}

export const alwaysRevalidate = () => true;
