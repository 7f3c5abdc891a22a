import type { HoldingsReply } from '@rampart/contracts';
import type { Queryable } from '../../db';
import { findAccount } from '../accounts';
import { ALWAYS_LISTED_ASSETS, fromMinorUnits, getBalances, type AssetBalance } from '../ledger';

function asStrings(balance: Omit<AssetBalance, 'asset'>, asset: string) {
  return {
    settled: fromMinorUnits(balance.settled, asset),
    held: fromMinorUnits(balance.held, asset),
    available: fromMinorUnits(balance.available, asset),
  };
}

/**
 * `/primetrust-accounts-view`: the caller's holdings from the ledger (R14): the USD balance at the top (`available`
 * is what the SPA reads) and every other ledger asset in `assets`. Holdings belong to the custodial account, so a
 * user whose account is not opened (no record yet, incomplete, pending, closed, voided, or cleared in the sandbox)
 * gets zeros: never an error. The ledger keeps whatever it holds; it shows again once the account is opened
 * (decision 014).
 */
export async function getHoldings(db: Queryable, userGuid: string): Promise<HoldingsReply> {
  const account = await findAccount(db, userGuid);
  const opened = account?.status === 'opened';
  const balances: AssetBalance[] = opened
    ? await getBalances(db, userGuid)
    : [...ALWAYS_LISTED_ASSETS].sort().map((asset) => ({ asset, settled: 0n, held: 0n, available: 0n }));
  const usd = balances.find((b) => b.asset === 'USD') ?? { settled: 0n, held: 0n, available: 0n };
  return {
    ...asStrings(usd, 'USD'),
    assets: balances.filter((b) => b.asset !== 'USD').map((b) => ({ assetTicker: b.asset, ...asStrings(b, b.asset) })),
  };
}
