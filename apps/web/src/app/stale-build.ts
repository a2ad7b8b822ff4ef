/**
 * Pages load their code lazily (routes.tsx). A tab opened before a new build was deployed still
 * names the old chunks, and loading one fails. Vite reports that as `vite:preloadError`: the
 * page reloads once, which fetches the new index.html (never cached) and the new chunks. At most
 * once a minute, so that a file that is really missing shows its error instead of a reload loop.
 */
const LAST_RELOAD_KEY = 'tagih:stale-build-reload';
const MIN_RELOAD_INTERVAL_MS = 60_000;

export function reloadOnStaleBuild(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (Date.now() - last < MIN_RELOAD_INTERVAL_MS) return;
    sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
