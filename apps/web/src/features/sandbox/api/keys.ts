/** Every sandbox query starts with this key, so one invalidation refetches them all after an action. */
export const sandboxKey = ['sandbox'] as const;
