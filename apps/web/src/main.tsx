import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadFontsWhenIdle } from './app/load-fonts.ts';
import { reloadOnStaleBuild } from './app/stale-build.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
reloadOnStaleBuild();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
loadFontsWhenIdle();
