import { useCallback, useEffect, useRef, useState } from 'react';
import { focusIsLost } from './focus-on-arrival';

export { useFocusOnArrival } from './focus-on-arrival';

/**
 * The navigation state of a step that ends on another page (a bank linked, a card added): the page reached puts focus
 * on its heading (`useFocusOnArrival`), since the control pressed went with the page that was left.
 */
export const FOCUS_HEADING_ON_ARRIVAL = { focusHeading: true } as const;

export interface StepFocusOptions {
  /**
   * A step that comes back refused (a form shown again with the server's reason under a field): the first field marked
   * invalid takes focus instead, so the user lands on what to fix and hears why; the element with the id otherwise.
   */
  invalidFieldFirst?: boolean;
}

const INVALID_FIELD = 'input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"]';

/**
 * Focus when a page swaps one step for the next. The control the user pressed goes with the old step, and the browser
 * then drops focus to the document's body: a keyboard or screen-reader user is sent back to the top of the page.
 * `focusStep(id)` puts focus on the new step's heading or status instead (the element with that id, which has
 * tabIndex -1), once React has drawn the step, so the user hears where they are and goes on from there. Focus that
 * is not lost is left where it is: a field the new step focuses itself, or a control the user moved to meanwhile.
 */
export function useStepFocus(): (id: string, options?: StepFocusOptions) => void {
  const target = useRef<{ id: string; options: StepFocusOptions } | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const asking = target.current;
    if (asking === null) return;
    target.current = null;
    if (!focusIsLost()) return;
    const field = asking.options.invalidFieldFirst ? document.querySelector<HTMLElement>(INVALID_FIELD) : null;
    (field ?? document.getElementById(asking.id))?.focus();
  }, [asked]);
  return useCallback((id: string, options: StepFocusOptions = {}) => {
    target.current = { id, options };
    setAsked((count) => count + 1);
  }, []);
}
