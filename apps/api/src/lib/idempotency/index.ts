/**
 * Request idempotency (R16, decision 018) in one place: the `Idempotency-Key` header and its check, the comparison
 * of a repeated request's parameters, and the HTTP key store (`http_idempotency_keys`) behind the plugin. The ledger
 * keeps its own replay rows (modules/ledger/idempotency.ts) and uses the comparison from here.
 */
export { firstDifference, idempotencyMismatch, type Json } from './compare';
export { idempotencyKeyOf, ledgerKeyOf, rowKeyOf } from './header';
export {
  IN_FLIGHT_TIMEOUT_MS,
  RETRY_AFTER_SECONDS,
  KEY_LIFETIME_MS,
  inFlight,
  claimHttpKey,
  completeHttpKey,
  releaseHttpKey,
  deleteHttpKeysBefore,
  deleteLedgerReplayRowsBefore,
  type Claim,
  type ClaimOutcome,
} from './store';
