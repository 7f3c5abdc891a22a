/**
 * Decision 052: after a deploy, a page loaded before it asks for chunks of the earlier build, which are gone (the API
 * answers 404 for a missing file under /assets/). Vite reports such a failed dynamic import with a `vite:preloadError`
 * event on the window; the page then reloads once, which brings the new build's page and chunks. If the same tab
 * reloaded for this less than RELOAD_WINDOW_MS ago, it does not reload again (a chunk missing from the new build too
 * would otherwise reload forever): the error goes on as it would have, to the error reports.
 */
export const RELOAD_WINDOW_MS = 60_000;
export const RELOADED_AT_KEY = 'rampart:chunk-reload-at';

export interface ChunkReloadTarget {
  addEventListener(type: 'vite:preloadError', listener: (event: Event) => void): void;
  removeEventListener(type: 'vite:preloadError', listener: (event: Event) => void): void;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  location: Pick<Location, 'reload'>;
}

/** Listens for failed chunk loads; returns the function that stops listening. */
export function reloadOnceOnFailedChunk(target: ChunkReloadTarget, now: () => number = Date.now): () => void {
  let reloading = false;
  const onPreloadError = () => {
    // Several imports of one page may fail together: one reload for all of them.
    if (reloading) return;
    try {
      const last = Number(target.sessionStorage.getItem(RELOADED_AT_KEY));
      if (Number.isFinite(last) && last > 0 && now() - last < RELOAD_WINDOW_MS) return;
      target.sessionStorage.setItem(RELOADED_AT_KEY, String(now()));
    } catch {
      // No session storage (blocked by the browser): nothing would stop a loop, so no reload.
      return;
    }
    reloading = true;
    target.location.reload();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
