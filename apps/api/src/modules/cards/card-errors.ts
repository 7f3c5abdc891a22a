import { AppError, type ErrorCode } from '../../lib/app-error';
import { CardFieldErrors } from '../../providers/card-processor/card-rules';
import { isCardProcessorError, type CardProcessorError } from '../../providers/card-processor/types';

/**
 * A card error with the validation shape as well (document 2, section 8: errors.errors, errors.fields), so the
 * SPA's method screens show it under the field, and a failed removal puts errors.errors in its error state.
 */
export function cardError(code: ErrorCode, field: string, message?: string): AppError {
  const error = new AppError(code, message === undefined ? {} : { message });
  return new AppError(code, {
    message: error.message,
    details: { errors: [error.message], fields: { [field]: error.message } },
  });
}

/** A processor refusal as the API answers it: declines 402 with the processor's message, field problems 400. */
export function processorErrorToAppError(error: CardProcessorError): AppError {
  switch (error.code) {
    case 'token_invalid':
      return cardError('card_token_invalid', 'token');
    case 'token_used':
      return cardError('card_token_used', 'token');
    case 'card_not_found':
      return cardError('card_method_unknown', 'fundsTransferMethodId');
    case 'card_declined':
    case 'insufficient_funds':
    case 'incorrect_cvc':
    case 'debit_only':
      return cardError('card_declined', error.field, error.message);
    default:
      return AppError.validation({ [error.field]: error.message });
  }
}

/** Runs a processor call; its refusals become the API's errors. */
export async function callProcessor<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isCardProcessorError(error)) throw processorErrorToAppError(error);
    if (error instanceof CardFieldErrors)
      throw AppError.validation(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
    throw error;
  }
}
