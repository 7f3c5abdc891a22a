import type { ChainGateway } from './types';

/**
 * One gateway for the whole catalogue (decision 085): each network configured for a real chain goes to that chain's
 * gateway, every other network to the fallback (the sandbox). The callers (orders, asset withdrawals and deposits)
 * see one ChainGateway and never which network is real.
 */
export function createRoutedChainGateway(options: {
  fallback: ChainGateway;
  /** A real gateway and the networks it serves. */
  routes: { gateway: ChainGateway; networks: readonly string[] }[];
}): ChainGateway {
  const byNetwork = new Map<string, ChainGateway>();
  for (const route of options.routes) for (const network of route.networks) byNetwork.set(network, route.gateway);
  const pick = (network: string) => byNetwork.get(network) ?? options.fallback;
  const all = [options.fallback, ...options.routes.map((r) => r.gateway)];
  return {
    kind: options.routes.length > 0 ? 'evm' : options.fallback.kind,
    // The confirmation job looks again after the shortest of the delays: the sandbox's answer is computed from the
    // clock, so looking early only records the confirmations so far.
    confirmationDelayMs: Math.min(...all.map((g) => g.confirmationDelayMs)),
    deliver: (input) => pick(input.network).deliver(input),
    takesDeposits: (network) => pick(network).takesDeposits(network),
    requiredConfirmations: (network) => pick(network).requiredConfirmations(network),
    depositTarget: (input, tx) => pick(input.network).depositTarget(input, tx),
    confirmations: (input) => pick(input.network).confirmations(input),
    follow: (input) => pick(input.network).follow(input),
  };
}
