import { useRef, type ReactNode } from 'react';
import { useFocusOnArrival } from '../../lib/focus-on-arrival';

/**
 * A page's h1 that can take focus (tabIndex -1, no focus ring of its own): when a step of the page goes back to it
 * (`id`, for `useStepFocus`), and when a step on another page ends here (`useFocusOnArrival`; decision 097).
 */
export function PageTitle({ id, children }: { id?: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading);
  return (
    <h1 ref={heading} id={id} tabIndex={-1} className="text-2xl font-bold tracking-tight text-ink outline-none">
      {children}
    </h1>
  );
}
