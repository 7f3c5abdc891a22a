import { useLayoutEffect } from 'react';
import { createStore, useStoreValue } from './store';

/**
 * Whether the page on screen shows its own Contact Support link, where it helps (the authenticator step, the frozen
 * account, the KYC status screens; docs/decisions/105-mail-on-second-factor-change.md): the footer then leaves its own
 * out, so the page has one.
 * Counted, so two parts of a page that each show one keep it shown until both are gone.
 */
const pageLinks = createStore({ count: 0 });

/** Called by a part of the page that shows a Contact Support link, for as long as it is shown. */
export function useOwnSupportLink(shown: boolean): void {
  // Before the browser paints: the footer's link is never seen beside the page's.
  useLayoutEffect(() => {
    if (!shown) return;
    pageLinks.setState((state) => ({ count: state.count + 1 }));
    return () => pageLinks.setState((state) => ({ count: state.count - 1 }));
  }, [shown]);
}

/** Whether the page shows its own Contact Support link (the footer's is then left out). */
export function usePageHasSupportLink(): boolean {
  return useStoreValue(pageLinks, (state) => state.count > 0);
}
