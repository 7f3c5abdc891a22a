import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { BankLinkProvider } from '../../providers/bank-link/types';

export interface MethodsContext {
  db: Db;
  clock: Clock;
  bankLink: BankLinkProvider;
  /** The flag blacklistedBanks (document 2, section 9): institution names, compared case-insensitively. */
  blacklistedBanks: readonly string[];
}
