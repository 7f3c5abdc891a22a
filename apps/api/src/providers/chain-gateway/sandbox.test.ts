import { describe, expect, it } from 'vitest';
import { createSandboxChainGateway, sandboxTxHash } from './sandbox';

const gateway = createSandboxChainGateway({ confirmationDelaySeconds: 10 });
const base = {
  network: 'xrpl',
  asset: 'USDS',
  address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  memo: null,
  reference: 'order-1',
  decimals: 6,
};

describe('the sandbox chain gateway', () => {
  it('delivers with a transaction id in the network form, the same for the same reference', async () => {
    const first = await gateway.deliver({ ...base, amount: 100_000_000n });
    expect(first).toEqual({ ok: true, txHash: expect.stringMatching(/^[0-9A-F]{64}$/) });
    expect(await gateway.deliver({ ...base, amount: 100_000_000n })).toEqual(first);
    expect(await gateway.deliver({ ...base, reference: 'order-2', amount: 100_000_000n })).not.toEqual(first);
    expect(sandboxTxHash('ethereum', 'r')).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sandboxTxHash('solana', 'r')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
  });

  it("fails a delivery whose memo is 'fail' or whose amount ends in .13", async () => {
    expect(await gateway.deliver({ ...base, memo: 'FAIL', amount: 100_000_000n })).toMatchObject({ ok: false });
    expect(await gateway.deliver({ ...base, amount: 100_130_000n })).toMatchObject({ ok: false });
    expect(await gateway.deliver({ ...base, amount: 100_131_000n })).toMatchObject({ ok: true });
    expect(
      await gateway.deliver({ ...base, network: 'bitcoin', asset: 'BTC', decimals: 8, amount: 13_000_000n }),
    ).toMatchObject({ ok: false });
  });

  it('reports confirmations growing to final once the delay has passed', () => {
    const sentAt = new Date('2026-01-01T00:00:00Z');
    const at = (seconds: number) =>
      gateway.confirmations({
        network: 'ethereum',
        txHash: 'x',
        sentAt,
        now: new Date(sentAt.getTime() + seconds * 1000),
      });
    expect(at(0)).toEqual({ confirmations: 0, required: 12 });
    expect(at(5).confirmations).toBe(6);
    expect(at(9.9).confirmations).toBeLessThan(12);
    expect(at(10)).toEqual({ confirmations: 12, required: 12 });
  });

  it('gives memo networks the platform address and a per-order tag, other networks a per-order address', () => {
    const xrpl = gateway.depositTarget({ network: 'xrpl', reference: 'a' });
    expect(xrpl.address).toBe('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh');
    expect(xrpl.memo).toMatch(/^\d+$/);
    expect(gateway.depositTarget({ network: 'xrpl', reference: 'b' }).memo).not.toBe(xrpl.memo);
    const eth = gateway.depositTarget({ network: 'ethereum', reference: 'a' });
    expect(eth).toEqual({ address: expect.stringMatching(/^0x[0-9a-f]{40}$/), memo: null });
    expect(gateway.depositTarget({ network: 'ethereum', reference: 'b' }).address).not.toBe(eth.address);
  });
});
