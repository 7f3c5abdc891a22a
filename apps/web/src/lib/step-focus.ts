import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Focus was lost: the element that had it is gone (or was disabled), and the browser put it on the body. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/**
 * Focus when a page swaps one step for the next. The control the user pressed goes with the old step, and the browser
 * then drops focus to the document's body: a keyboard or screen-reader user is sent back to the top of the page.
 * `focusStep(id)` puts focus on the new step's heading or status instead (the element with that id, which has
 * tabIndex -1), once React has drawn the step, so the user hears where they are and goes on from there. Focus that
 * is not lost is left where it is: a field the new step focuses itself, or a control the user moved to meanwhile.
 */
export function useStepFocus(): (id: string) => void {
  const target = useRef<string | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const id = target.current;
    if (id === null) return;
    target.current = null;
    if (focusIsLost()) document.getElementById(id)?.focus();
  }, [asked]);
  return useCallback((id: string) => {
    target.current = id;
    setAsked((count) => count + 1);
  }, []);
}

/**
 * The navigation state of a step that ends on another page (a bank linked, a card added): the page reached puts focus
 * on its heading (`useFocusOnArrival`), since the control pressed went with the page that was left.
 */
export const FOCUS_HEADING_ON_ARRIVAL = { focusHeading: true } as const;

function asksForHeading(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { focusHeading?: unknown }).focusHeading === true;
}

/**
 * The heading of a page reached with FOCUS_HEADING_ON_ARRIVAL takes focus when it is drawn, while focus is lost (on
 * the document's body); Back and Forward are left to the browser. The heading has tabIndex -1.
 */
export function useFocusOnArrival(heading: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const asked = navigationType !== 'POP' && asksForHeading(location.state);
  useEffect(() => {
    if (asked && focusIsLost()) heading.current?.focus();
  }, [asked, location.key, heading]);
}
