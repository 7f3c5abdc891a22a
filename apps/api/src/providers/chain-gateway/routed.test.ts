import { describe, expect, it } from 'vitest';
import { createRoutedChainGateway } from './routed';
import { createSandboxChainGateway } from './sandbox';
import type { Queryable } from '../../db';
import type { ChainGateway } from './types';

describe('the routed chain gateway', () => {
  it('sends a configured network to its gateway and every other to the fallback', async () => {
    const sandbox = createSandboxChainGateway({ confirmationDelaySeconds: 10 });
    const calls: string[] = [];
    const real: ChainGateway = {
      kind: 'evm',
      confirmationDelayMs: 15_000,
      async deliver(input) {
        calls.push(`deliver ${input.network}`);
        return { ok: true, txHash: '0xreal' };
      },
      takesDeposits: (network) => network === 'ethereum',
      requiredConfirmations: () => 7,
      depositTarget: () => ({ address: '0xdeposit', memo: null }),
      confirmations: () => ({ confirmations: 7, required: 7 }),
      follow: () => '0xmined',
    };
    const routed = createRoutedChainGateway({ fallback: sandbox, routes: [{ gateway: real, networks: ['ethereum'] }] });
    const input = { asset: 'USDC', address: '0x1', memo: null, amount: 1n, reference: 'r', decimals: 6 };
    expect(await routed.deliver({ ...input, network: 'ethereum' })).toEqual({ ok: true, txHash: '0xreal' });
    expect(await routed.deliver({ ...input, network: 'avalanche' })).toMatchObject({ ok: true });
    expect(calls).toEqual(['deliver ethereum']);
    const tx = {} as Queryable;
    expect((await routed.depositTarget({ network: 'ethereum', reference: 'r' }, tx)).address).toBe('0xdeposit');
    expect((await routed.depositTarget({ network: 'avalanche', reference: 'r' }, tx)).address).not.toBe('0xdeposit');
    expect([routed.takesDeposits('ethereum'), routed.takesDeposits('harmony')]).toEqual([true, true]);
    const closed = createRoutedChainGateway({
      fallback: sandbox,
      routes: [{ gateway: { ...real, takesDeposits: () => false }, networks: ['ethereum'] }],
    });
    expect([closed.takesDeposits('ethereum'), closed.takesDeposits('avalanche')]).toEqual([false, true]);
    expect([routed.requiredConfirmations('ethereum'), routed.requiredConfirmations('avalanche')]).toEqual([7, 12]);
    expect(routed.confirmationDelayMs).toBe(10_000);
    expect(await routed.follow({ network: 'ethereum', txHash: '0xsent' })).toBe('0xmined');
    expect(await routed.follow({ network: 'avalanche', txHash: '0xsent' })).toBe('0xsent');
  });
});
