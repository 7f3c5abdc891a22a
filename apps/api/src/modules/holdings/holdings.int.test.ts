import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HoldingsReply } from '@rampart/contracts';
import { createKycKit, validIndividual, type KycKit } from '../../../test/kits/kyc-test-kit';
import {
  LEDGER_TRANSACTION_OPTIONS,
  WORLD_BANK,
  checkInvariants,
  placeHold,
  postTransaction,
  toMinorUnits,
  userAccount,
} from '../ledger';

/** `/primetrust-accounts-view`: the holdings from the ledger (R14, decision 014). */
describe('holdings: the accounts view', () => {
  let k: KycKit;
  beforeAll(async () => {
    k = await createKycKit();
  });
  afterEach(async () => {
    expect(await checkInvariants(k.t.db)).toEqual({ ok: true, violations: [] });
  });
  afterAll(async () => {
    await k?.close();
  });

  const view = async (token: string) => {
    const res = await k.call('/api/primetrust-accounts-view', { token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return HoldingsReply.parse(res.body);
  };
  const guidOf = async (email: string) =>
    (await k.t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;

  const zeros = {
    available: '0.00',
    settled: '0.00',
    held: '0.00',
    assets: [{ assetTicker: 'USDC', settled: '0.000000', held: '0.000000', available: '0.000000' }],
  };

  it('answers zeros to a user without a custodial account, and to one whose account is not opened', async () => {
    const token = await k.signedInUser('holdings-none@example.com');
    expect(await view(token)).toEqual(zeros);
    expect((await k.call('/api/contact/set/individualinfo', { token, body: validIndividual() })).status).toBe(200);
    expect(await view(token)).toEqual(zeros);
  });

  it('reads settled, held and available per asset from the ledger', async () => {
    const email = 'holdings-funded@example.com';
    const token = await k.signedInUser(email);
    expect((await k.call('/api/primetrust/sandbox/account/individual/create', { token, body: {} })).status).toBe(200);
    const guid = await guidOf(email);
    await k.t.db.transaction(async (tx) => {
      await postTransaction(tx, {
        idempotencyKey: `holdings-test:${guid}`,
        postings: [
          {
            source: WORLD_BANK,
            destination: userAccount(guid, 'USD'),
            asset: 'USD',
            amount: toMinorUnits('100.25', 'USD'),
          },
          {
            source: WORLD_BANK,
            destination: userAccount(guid, 'USDC'),
            asset: 'USDC',
            amount: toMinorUnits('3.5', 'USDC'),
          },
        ],
      });
      await placeHold(tx, {
        idempotencyKey: `holdings-hold:${guid}`,
        account: userAccount(guid, 'USD'),
        asset: 'USD',
        amount: toMinorUnits('40', 'USD'),
      });
    }, LEDGER_TRANSACTION_OPTIONS);
    expect(await view(token)).toEqual({
      available: '60.25',
      settled: '100.25',
      held: '40.00',
      assets: [{ assetTicker: 'USDC', settled: '3.500000', held: '0.000000', available: '3.500000' }],
    });
  });
});
