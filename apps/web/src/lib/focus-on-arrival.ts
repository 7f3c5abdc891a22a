import { useEffect, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/*
 * The part of decision 097 every page's header needs, kept apart from `step-focus.ts` so the first load carries only
 * this (the pages' own steps load `useStepFocus` with their chunks).
 */

/** Focus was lost: the element that had it is gone (or was disabled), and the browser put it on the body. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/**
 * The heading of a page reached with `FOCUS_HEADING_ON_ARRIVAL` (step-focus.ts) takes focus when it is drawn, while
 * focus is lost (on the document's body); Back and Forward are left to the browser. The heading has tabIndex -1.
 */
export function useFocusOnArrival(heading: RefObject<HTMLElement | null>): void {
  const { state, key } = useLocation();
  const asked = useNavigationType() !== 'POP' && (state as { focusHeading?: unknown } | null)?.focusHeading === true;
  useEffect(() => {
    if (asked && focusIsLost()) heading.current?.focus();
  }, [asked, key, heading]);
}
