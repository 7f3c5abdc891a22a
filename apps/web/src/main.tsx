import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import './styles.css';
import { App, firstPainted, startAppTelemetry, startFirstPageReads } from './app/app';
import { preloadFirstPage } from './app/routes';
import { reportError } from './lib/telemetry';
import { reloadOnceOnFailedChunk } from './lib/chunk-reload';
import { detectWalletLaunch } from './lib/session/wallet-launch';

// Decision 052: a chunk of an earlier build that is gone after a deploy reloads the page once, onto the new build.
reloadOnceOnFailedChunk(window);
// Opened by the XRPL wallet (xAppToken in the address), the app runs as its mini-app (decision 034).
detectWalletLaunch(window.location.search);
// Decision 042: the first page's chunk is fetched now, in parallel with the first render and the session check (or,
// for a page whose header the app draws while it loads, once that first render is painted: decision 043).
preloadFirstPage(window.location.pathname, firstPainted);
startFirstPageReads(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// R22: window errors, unhandled rejections and React's own (caught by a boundary or not) are reported (decision 036).
startAppTelemetry();
const root = createRoot(container, {
  onUncaughtError: (error) => {
    console.error(error);
    reportError(error, 'react');
  },
  onCaughtError: (error) => {
    console.error(error);
    reportError(error, 'react');
  },
});
// Decision 042: the first render as a transition, which React renders in slices that yield to the browser, rather than
// one long task (Lighthouse's total blocking time on /auth).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
