/** Loads Roboto (100–900) after first paint, from the bundle, never from a CDN (spec §1). */
export function loadFontsWhenIdle(): void {
  const load = () => {
    void Promise.all([
      import('@fontsource/roboto/100.css'),
      import('@fontsource/roboto/300.css'),
      import('@fontsource/roboto/400.css'),
      import('@fontsource/roboto/500.css'),
      import('@fontsource/roboto/700.css'),
      import('@fontsource/roboto/900.css'),
    ]);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 1500 });
  else setTimeout(load, 0);
}
