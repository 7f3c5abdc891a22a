import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { holdingsKey } from '../../lib/queries/holdings';
import { limitsKey } from '../../lib/queries/limits';
import { moneyKey } from './api/keys';

/** After money moved (a deposit, a withdrawal, a cancel): the transfers, the balances and the limits are read again. */
export function useRefreshMoney(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: moneyKey });
    void queryClient.invalidateQueries({ queryKey: holdingsKey });
    void queryClient.invalidateQueries({ queryKey: limitsKey });
  }, [queryClient]);
}
