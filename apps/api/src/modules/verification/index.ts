/**
 * The verification module's surface (docs/architecture.md, "Modules"): the identity-document capture session, its
 * decision and the review's conclusion.
 */
export { verificationRoutes } from './routes';
export type { VerificationContext } from './context';
export { verificationJobs } from './jobs';
export { ensureCaptureOpen } from './ensure-capture-open';
export { ensureCaptureSubmitted } from './ensure-capture-submitted';
export { verifyCaptureBearer } from './verify-capture-token';
export { identityDocumentsOutcome } from './identity-outcome';
export { recordDecision } from './record-decision';
export { findSessionOfUser } from './repository';
