import { validateAddress } from '@rampart/contracts';

/** An account the wallet names is used only if it passes the same address rules as any typed address. */
export function checkedXrplAccount(account: string | null): string | null {
  return account !== null && validateAddress('xrpl', account).ok ? account : null;
}
