import { useCallback, useRef } from 'react';

/**
 * R16: one key per distinct request. The same body sent again (a retry, a double press) reuses the key, so the server
 * answers the first result; a changed body gets a fresh key, as a key reused with other parameters is refused (422).
 */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = useCallback((body: unknown) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
    return last.current.key;
  }, []);
  const reset = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, reset };
}
