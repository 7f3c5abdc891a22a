import { LEDGER_MESSAGES } from '@rampart/contracts';
import { AppError } from '../../lib/app-error';

export type LedgerErrorCode = 'insufficient_funds' | 'hold_not_active';

/**
 * A ledger refusal: an AppError of the catalogue (so HTTP maps it in one place) that also carries the facts behind
 * it (account, asset, available and requested amounts, hold status) for logs and for the caller's own message.
 */
export class LedgerError extends AppError {
  constructor(
    code: LedgerErrorCode,
    readonly facts: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'LedgerError';
  }
}

export function isLedgerError(error: unknown, code?: LedgerErrorCode): error is LedgerError {
  return error instanceof LedgerError && (code === undefined || error.code === code);
}

/**
 * 422 idempotency_error for a key whose replay record expired (kept 24 hours, decision 018) while the movement it
 * made stays: the key cannot move money again. Named under `idempotencyKey`.
 */
export function idempotencyKeyExpired(): AppError {
  const message = 'This idempotency key was already used more than 24 hours ago; use a new key';
  return new AppError('idempotency_error', {
    message,
    details: { errors: [message], fields: { idempotencyKey: message } },
  });
}

/**
 * A ledger write whose balance would leave PostgreSQL's bigint of minor units (numeric_value_out_of_range, 22003: only
 * user balances keep a row, and every amount alone fits, so only a sum can overflow) is refused as a 400 on the
 * amount; the statement failed, so nothing moved.
 */
export async function withinBalanceBound<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '22003')
      throw AppError.validation({ amount: LEDGER_MESSAGES.balanceTooLarge });
    throw error;
  }
}
