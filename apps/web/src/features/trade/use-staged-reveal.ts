import { startTransition, useCallback, useEffect, useState } from 'react';

/** A read a trade page waits for before it draws its form (react-query's result has these). */
export interface PageRead {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly error: unknown;
  refetch(): unknown;
}

export interface StagedReveal {
  /** `reading`: draw the skeleton; `failed`: the reads' error with Retry; `ready`: the form. */
  readonly phase: 'reading' | 'failed' | 'ready';
  /** The first read's error, when one failed. */
  readonly error: unknown;
  /** Reads again every read (the error's Retry). */
  retry(): void;
  /** Whether step `step` of the form is drawn yet (step 0, the top of the form, is drawn as soon as it is ready). */
  shown(step: number): boolean;
}

/**
 * The loading and staged reveal of a trade page: a skeleton while its reads are pending, their error once one failed,
 * and then the form, committed in `steps` steps after its first (decision 045): each in a task of its own at a
 * transition's priority, rather than in one long task (its commit, React Aria's effects and the layout). Each step adds
 * below the last, so nothing moves. `answered` holds the form back further (e.g. until the deferred answers arrive).
 */
export function useStagedReveal(reads: readonly PageRead[], steps = 0, answered = true): StagedReveal {
  const failed = reads.some((read) => read.isError);
  const phase =
    reads.some((read) => read.isPending) || (!failed && !answered) ? 'reading' : failed ? 'failed' : 'ready';
  const ready = !failed && answered;
  const [shownSteps, setShownSteps] = useState(0);
  useEffect(() => {
    if (!ready || shownSteps >= steps) return;
    const timer = setTimeout(() => startTransition(() => setShownSteps((current) => current + 1)), 0);
    return () => clearTimeout(timer);
  }, [ready, shownSteps, steps]);

  const error = reads.find((read) => read.isError)?.error ?? null;
  const retry = () => {
    for (const read of reads) void read.refetch();
  };
  const shown = useCallback((step: number) => shownSteps >= step, [shownSteps]);
  return { phase, error, retry, shown };
}
