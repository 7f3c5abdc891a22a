/**
 * The identity module's surface (docs/architecture.md, "Modules"): sign-up, sign-in and sessions, the bearer check,
 * the step-up for trades and withdrawals, and the token signer other modules sign their own tokens with.
 */
export { identityRoutes } from './routes';
export { createIdentityContext, type IdentityContext } from './context';
export { createTradeStepUp, type TradeStepUp } from './trade-step-up';
export { verifyBearer } from './verify-bearer';
export { REFRESH_REUSE_GRACE_SECONDS, type TokenService } from './tokens';
export { findLiveSession, findUserContact } from './repository';
export { removeAuthenticator, type AuthenticatorRemoval } from './remove-authenticator';
export { createRedisAttemptStore, type AttemptStore } from './attempt-store';
export { WINDOW_MS } from './attempts';
export { ARGON2_OPTIONS } from './passwords';
/** The code an authenticator app shows at a given time: tests play the user's app with it. */
export { totpCodeAt } from './totp';
