/** Every money query starts with this key: one invalidation refreshes the balance and the history after a change. */
export const moneyKey = ['money'] as const;
