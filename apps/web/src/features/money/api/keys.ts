/**
 * Every money query starts with this key: one invalidation refreshes the history after a change. The balance is the
 * shared holdings read (lib/queries/holdings.ts), invalidated alongside.
 */
export const moneyKey = ['money'] as const;
