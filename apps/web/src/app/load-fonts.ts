/**
 * Loads Roboto after first paint, from the bundle, never from a CDN (spec §1): only the weights
 * the screens use (300 Home's greeting, 400 text, 500 headings/buttons/chips, 700 bold and the
 * 600 of table headers) and only the latin subset (Indonesian and English text).
 */
export function loadFontsWhenIdle(): void {
  const load = () => {
    void Promise.all([
      import('@fontsource/roboto/latin-300.css'),
      import('@fontsource/roboto/latin-400.css'),
      import('@fontsource/roboto/latin-500.css'),
      import('@fontsource/roboto/latin-700.css'),
    ]);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 1500 });
  else setTimeout(load, 0);
}
