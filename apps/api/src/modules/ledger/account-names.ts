import { AppError } from '../../lib/app-error';
import type { AssetCode } from './assets';

// Same pattern as the CHECK on ledger_accounts.name.
const ACCOUNT_NAME = /^[a-z][a-z0-9_]*(:[A-Za-z0-9_-]+)+$/;
const LOWER_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface AccountName {
  name: string;
  /** The owning user's guid for users:<guid>:... accounts, else null. User-owned accounts never go negative. */
  userId: string | null;
}

/** Null when the name is acceptable, else why not. */
export function accountNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.length > 200 || !ACCOUNT_NAME.test(name)) return 'is not a valid account name';
  const parts = name.split(':');
  if (parts[0] === 'users' && (parts.length < 3 || !LOWER_UUID.test(parts[1] ?? ''))) {
    return 'must look like users:<userGuid>:<name> with a lower-case guid';
  }
  return null;
}

export function parseAccountName(name: string, field = 'account'): AccountName {
  const problem = accountNameProblem(name);
  if (problem) throw AppError.validation({ [field]: `The account ${problem}` });
  const parts = name.split(':');
  return { name, userId: parts[0] === 'users' ? parts[1]! : null };
}

/** users:<userGuid>:usd, the user's wallet for one asset. */
export function userAccount(userGuid: string, asset: AssetCode): string {
  return `users:${userGuid.toLowerCase()}:${asset.toLowerCase()}`;
}

export const WORLD_BANK = 'world:bank';
export const PLATFORM_FEES = 'platform:fees';
/** What the platform pays the networks itself: the gas of sweeping deposits into the hot wallet (decision 092). */
export const PLATFORM_NETWORK_FEES = 'platform:network_fees';
