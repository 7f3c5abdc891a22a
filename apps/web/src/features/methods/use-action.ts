import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface ActionHandlers<V, R> {
  onSuccess?(result: R, variables: V): void;
  onError?(error: unknown, variables: V): void;
  onSettled?(variables: V): void;
}

/**
 * One user action that calls the API (link, remove, re-authenticate): whether it runs, with what, and what to do
 * after. react-query's useMutation would do the same, but using it from these pages moved part of react-query into
 * a chunk the /auth entry loads (about 1 KB gzip, decision 019); this keeps the methods pages out of /auth's budget.
 */
export function useAction<V, R>(run: (variables: V) => Promise<R>, handlers: ActionHandlers<V, R> = {}) {
  const [state, setState] = useState<{ isPending: boolean; variables: V | undefined }>({
    isPending: false,
    variables: undefined,
  });
  // The newest function and handlers (they close over the page's state), read when a call starts and ends.
  const latest = useRef({ run, handlers });
  useLayoutEffect(() => {
    latest.current = { run, handlers };
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback((variables: V) => {
    setState({ isPending: true, variables });
    const { run: call } = latest.current;
    // Through a promise, so a function that throws at once is an error like any other.
    void Promise.resolve(variables)
      .then(call)
      .then(
        (result) => latest.current.handlers.onSuccess?.(result, variables),
        (error: unknown) => latest.current.handlers.onError?.(error, variables),
      )
      .finally(() => {
        latest.current.handlers.onSettled?.(variables);
        if (mounted.current) setState({ isPending: false, variables: undefined });
      });
  }, []);

  return { mutate, isPending: state.isPending, variables: state.variables };
}
