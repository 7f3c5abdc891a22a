import { AppError } from '../../lib/app-error';
import { BankLinkError } from '../../providers/bank-link/types';

/** Runs a bank-link call, turning the provider's refusals into the catalogue's 4xx (never a 5xx for bad tokens). */
export async function callBankLink<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof BankLinkError)) throw error;
    if (error.code === 'INVALID_INSTITUTION') throw new AppError('bank_institution_unknown', { cause: error });
    if (error.code === 'ITEM_NOT_FOUND') throw new AppError('bank_method_unknown', { cause: error });
    throw new AppError('bank_link_expired', { cause: error });
  }
}
