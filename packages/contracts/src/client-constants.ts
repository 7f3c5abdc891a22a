/** Timing and request constants of document 2, section 9, used by both sides. */
export const CLIENT_CONSTANTS = {
  snackbarAutoHideMs: 6000,
  kycLoadDelayMs: 200,
  phoneLinkDelayMs: 1000,
  kycWaitingCheckMs: 30_000,
  initialAuthCheckDelayMs: 120,
  tokenRefreshThresholdMs: 2 * 60 * 1000,
  /** R11: seconds a token is assumed to live when there is no session to read it from. */
  fallbackTokenLifetimeSeconds: 60,
  requestTimeoutMs: 80_000,
  configuredClientTimeoutMs: 5000,
  maxRetries: 3,
  retryInitialDelayMs: 500,
  retryMaxDelayMs: 3000,
  retryAfterMaxMs: 60_000,
  defaultTradeAmount: 100,
} as const;
