import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { verificationStatusKey } from './api/verification-status';
import { useKycStore } from '../../lib/session/kyc-store';

export type RecheckState = 'idle' | 'checking' | 'unchanged' | 'failed';

/**
 * 'Check again' on the screens of an application in review (docs/decisions/063): asks the custodian to look at the
 * account again (/primetrust-account-refresh, one request, never retried: R16). A new status moves the page on by
 * itself; the same one is said in words, and so is a failed check.
 */
export function useRecheck() {
  const store = useKycStore();
  const queryClient = useQueryClient();
  const [state, setState] = useState<RecheckState>('idle');
  const running = useRef(false);

  const recheck = useCallback(async () => {
    // One check at a time: a second press while one runs sends nothing.
    if (running.current) return;
    running.current = true;
    setState('checking');
    const before = store.getState().kycStatus;
    try {
      const status = await store.recheck();
      if (status !== before) await queryClient.invalidateQueries({ queryKey: verificationStatusKey });
      setState(status === before ? 'unchanged' : 'idle');
    } catch {
      setState('failed');
    } finally {
      running.current = false;
    }
  }, [store, queryClient]);

  return { state, recheck };
}
