/*
 * The networks an address can be checked for, apart from the checks themselves (addresses.ts), which carry base58,
 * bech32 and hash code: a page that only asks whether a network takes addresses does not load them.
 */

/** The networks of document 2, section 9 (stablecoin order, chain flags) and the crypto assets of decision 022. */
export const ADDRESS_NETWORKS = [
  'stellar',
  'solana',
  'avalanche',
  'ethereum',
  'xrpl',
  'vechain',
  'harmony',
  'icon',
  'chia',
  'polymesh',
  'binancechain',
  'tezos',
  'qtum',
  'bitcoin',
  'digitalbits',
  'polygon',
] as const;
export type AddressNetwork = (typeof ADDRESS_NETWORKS)[number];

export function isAddressNetwork(value: unknown): value is AddressNetwork {
  return typeof value === 'string' && (ADDRESS_NETWORKS as readonly string[]).includes(value);
}
