/**
 * The browser session (spec §4): the token and the isAuthenticated flag live in
 * localStorage. Listeners hear when the server ends the session (HTTP 401 or errorCode 411).
 */
const TOKEN_KEY = 'token';
const AUTH_FLAG_KEY = 'isAuthenticated';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function hasToken(): boolean {
  return Boolean(getToken());
}

/** Signed in = a token and the flag set after a successful login. */
export function isAuthenticated(): boolean {
  return hasToken() && localStorage.getItem(AUTH_FLAG_KEY) === 'true';
}

export function storeToken(token: string): void {
  sessionEndExpected = false;
  localStorage.setItem(TOKEN_KEY, token);
}

export function markAuthenticated(): void {
  localStorage.setItem(AUTH_FLAG_KEY, 'true');
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.setItem(AUTH_FLAG_KEY, 'false');
}

type Listener = () => void;
const expiryListeners = new Set<Listener>();

/** Called by the app shell to react (toast, go to /login) when the session is ended by the server. */
export function onSessionExpired(listener: Listener): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

/** Set when the app itself ended the session (a credential change): a 401 then is no expiry to announce. */
let sessionEndExpected = false;

/** The server ended the session at the user's own request: later 401s sign out quietly, no "session expired" toast. */
export function expectSessionEnd(): void {
  sessionEndExpected = true;
}

export function expireSession(): void {
  clearSession();
  if (sessionEndExpected) return;
  for (const listener of expiryListeners) listener();
}
