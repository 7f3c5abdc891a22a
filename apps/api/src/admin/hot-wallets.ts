import type { HotWalletBalance } from '../providers/chain-gateway/evm';
import type { AdminContext } from './context';
import { section, table } from './format';

export interface HotWalletRow {
  network: string;
  asset: string;
  kind: 'token' | 'native';
  address: string;
  /** Whole units, as a decimal string (exact: from the minor units). */
  balance: string;
  lowBalance: string | null;
  low: boolean;
}

/** Minor units to whole units, exactly: 1_500_000n at 6 decimals -> '1.5'. */
export function wholeUnits(value: bigint, decimals: number): string {
  const digits = value.toString().padStart(decimals + 1, '0');
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${digits.slice(0, digits.length - decimals)}${fraction ? `.${fraction}` : ''}`;
}

function toRow(b: HotWalletBalance): HotWalletRow {
  return {
    network: b.network,
    asset: b.asset,
    kind: b.kind,
    address: b.address,
    balance: wholeUnits(b.balance, b.decimals),
    lowBalance: b.lowBalance === null ? null : wholeUnits(b.lowBalance, b.decimals),
    low: b.low,
  };
}

/** The EVM hot wallets' balances, token and gas, read from each network's node; none when no network is configured. */
export async function listHotWallets(ctx: Pick<AdminContext, 'hotWallets'>): Promise<HotWalletRow[] | null> {
  if (!ctx.hotWallets) return null;
  return (await ctx.hotWallets.balances()).map(toRow);
}

export function renderHotWallets(rows: HotWalletRow[] | null): string {
  if (rows === null)
    return section('Hot wallets', 'No EVM network is configured (EVM_NETWORKS): every network is the sandbox.');
  const body = table(
    ['network', 'asset', 'kind', 'balance', 'warn below', 'status', 'address'],
    rows.map((r) => [r.network, r.asset, r.kind, r.balance, r.lowBalance, r.low ? 'LOW' : 'ok', r.address]),
  );
  const low = rows.filter((r) => r.low);
  const warnings = low.map((r) => `WARNING: ${r.network} ${r.asset} is low: ${r.balance} (below ${r.lowBalance})`);
  return section('Hot wallets', [body, ...(warnings.length > 0 ? ['', ...warnings] : [])].join('\n'));
}
