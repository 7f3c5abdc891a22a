/** Every methods query starts with this key: one invalidation refreshes the list after an add, a remove or a re-auth. */
export const methodsKey = ['methods'] as const;
