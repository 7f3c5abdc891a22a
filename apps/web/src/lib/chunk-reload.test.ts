import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnceOnFailedChunk, RELOAD_WINDOW_MS, type ChunkReloadTarget } from './chunk-reload';

/** One load of the page in a tab: its own window events and reload, the tab's session storage. */
function pageLoad(storage: Storage) {
  const events = new EventTarget();
  const reload = vi.fn();
  const target: ChunkReloadTarget = {
    addEventListener: (type, listener) => events.addEventListener(type, listener),
    removeEventListener: (type, listener) => events.removeEventListener(type, listener),
    sessionStorage: storage,
    location: { reload },
  };
  /** What Vite does when a dynamic import fails: a cancelable event; the import's error is thrown unless cancelled. */
  const failChunk = () => events.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
  return { target, reload, failChunk };
}

describe('reloading once on a failed chunk load (decision 052)', () => {
  let now = 1_000_000;
  const clock = () => now;
  beforeEach(() => {
    window.sessionStorage.clear();
    now = 1_000_000;
  });

  it('reloads the page once when a chunk fails, and not again when the reloaded page fails too', () => {
    const first = pageLoad(window.sessionStorage);
    reloadOnceOnFailedChunk(first.target, clock);
    first.failChunk();
    // Two imports of the same page failing: still one reload.
    first.failChunk();
    expect(first.reload).toHaveBeenCalledTimes(1);

    now += 3_000;
    const second = pageLoad(window.sessionStorage);
    reloadOnceOnFailedChunk(second.target, clock);
    second.failChunk();
    expect(second.reload).not.toHaveBeenCalled();
  });

  it('lets the failed import throw as before (the event is not cancelled)', () => {
    const page = pageLoad(window.sessionStorage);
    reloadOnceOnFailedChunk(page.target, clock);
    expect(page.failChunk()).toBe(true);
  });

  it('reloads again for a failure long after the last reload (a later deploy)', () => {
    const first = pageLoad(window.sessionStorage);
    reloadOnceOnFailedChunk(first.target, clock);
    first.failChunk();
    now += RELOAD_WINDOW_MS + 1;
    const later = pageLoad(window.sessionStorage);
    reloadOnceOnFailedChunk(later.target, clock);
    later.failChunk();
    expect(later.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload where session storage is blocked, since nothing would stop a loop', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    } as unknown as Storage;
    const page = pageLoad(blocked);
    reloadOnceOnFailedChunk(page.target, clock);
    page.failChunk();
    expect(page.reload).not.toHaveBeenCalled();
  });
});
