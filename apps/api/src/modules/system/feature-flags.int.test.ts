import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody, PublicConfig, RAMP_QUOTE_MESSAGES, RampAssetsReply, TRANSFER_MESSAGES, type RampAsset } from '@rampart/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { BUY_USDS, NO_SUCH_ID, XRPL_ADDRESS } from '../ramp/ramp-test-fixtures';
import { createTransferKit } from '../transfers/transfer-test-kit';

/**
 * The feature flags of docs/feature-flags.md, on the API: each call is made by the same user on the app with the
 * documented defaults and on a second app (same database) whose FEATURE_FLAGS switch the flag the other way.
 */
describe('feature flags switch what their names say in the API', () => {
  let k: Awaited<ReturnType<typeof createTransferKit>>;
  let off: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    k = await createTransferKit();
    off = await createTestApp({
      db: k.t.db,
      env: { FEATURE_FLAGS: JSON.stringify({ issuanceAndRedemption: false, plaidDeposits: false, cardDeposit: false }) },
    });
    // The memo flag apart: with stablecoins switched off above, a stablecoin buy is refused before its memo is read.
    other = await createTestApp({ db: k.t.db, env: { FEATURE_FLAGS: JSON.stringify({ cardDepositsThroughTrustProvider: true, memoForStablecoins: false }) } });
  });
  afterAll(async () => {
    await other?.close();
    await off?.close();
    await k?.close();
  });

  async function callOn(app: TestApp, url: string, token: string | undefined, body: unknown) {
    const res = await app.app.inject({ method: 'POST', url, payload: body as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.statusCode, body: res.json() as unknown };
  }
  const assetsOn = async (app: TestApp): Promise<Map<string, RampAsset>> => {
    const res = await callOn(app, '/api/ramp/assets', undefined, {});
    expect(res.status).toBe(200);
    return new Map(RampAssetsReply.parse(res.body).data.assets.map((a) => [a.key, a]));
  };
  const refusal = (res: { status: number; body: unknown }, status = 400) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return ApiErrorBody.parse(res.body);
  };

  it('serves the overriding flags on /api/config', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/api/config' });
    expect(PublicConfig.parse(res.json()).flags).toMatchObject({ issuanceAndRedemption: false, plaidDeposits: false, cardDeposit: false, memoForStablecoins: true, cryptoTrading: true });
  });

  it('issuanceAndRedemption false: every stablecoin is disabled (notify me) and a stablecoin trade is refused; crypto stays', async () => {
    const on = await assetsOn(k.t);
    const switched = await assetsOn(off);
    expect(on.get('xrplUSDS')).toMatchObject({ disabled: false, toAssetEnabled: true });
    expect(switched.get('xrplUSDS')).toMatchObject({ disabled: true, fromAssetEnabled: false, toAssetEnabled: false, featureInterestType: 'stablecoin' });
    expect([...switched.values()].filter((a) => a.section === 'stable_coin').every((a) => a.disabled)).toBe(true);
    expect(switched.get('bitcoinBTC')).toMatchObject({ disabled: false });

    const user = await k.openedUser('500', 'flags-issuance');
    const body = { ...BUY_USDS };
    expect((await k.call('/api/ramp/trade-estimate', { token: user.token, body })).status).toBe(200);
    const refused = refusal(await callOn(off, '/api/ramp/trade-estimate', user.token, body));
    expect(refused.errors?.fields).toMatchObject({ buyAssetTicker: RAMP_QUOTE_MESSAGES.assetDisabled });
  });

  it('plaidDeposits false: ACH and instant ACH deposits are refused and a buy cannot be paid from a linked bank; payouts to it stay', async () => {
    const user = await k.openedUser('0', 'flags-plaid');
    const bank = await k.addBank(user.token);
    const deposit = { method: 'primex_ach', amount: '20.00', fundsTransferMethodId: bank };
    const refused = refusal(await callOn(off, '/api/transfers/deposit', user.token, deposit));
    expect(refused.errors?.fields).toEqual({ method: TRANSFER_MESSAGES.methodSwitchedOff });
    expect(refusal(await callOn(off, '/api/transfers/deposit', user.token, { ...deposit, method: 'primex_instant_ach' })).errors?.fields).toEqual({ method: TRANSFER_MESSAGES.methodSwitchedOff });
    // Nothing was recorded; the same deposit on the default flags goes through.
    expect(await k.transferCount(user.guid)).toBe(0);
    expect((await k.call('/api/transfers/deposit', { token: user.token, body: deposit })).status).toBe(200);

    const switched = await assetsOn(off);
    expect(switched.get('primex_achUSD')).toMatchObject({ fromAssetEnabled: false, toAssetEnabled: true, disabled: false });
    expect(switched.get('primex_instant_achUSD')).toMatchObject({ fromAssetEnabled: false, disabled: true });
    expect((await assetsOn(k.t)).get('primex_achUSD')).toMatchObject({ fromAssetEnabled: true });
  });

  it('cardDeposit false: a card deposit is refused before the card is looked at', async () => {
    const user = await k.openedUser('0', 'flags-card');
    const body = { fundsTransferMethodId: NO_SUCH_ID, amount: '10' };
    // Default flags: the call goes on to look the card up (an unknown one is a 404).
    expect((await k.call('/api/primetrust-creditcard-contribution-token', { token: user.token, body })).status).toBe(404);
    expect(refusal(await callOn(off, '/api/primetrust-creditcard-contribution-token', user.token, body)).errors?.fields).toEqual({ method: TRANSFER_MESSAGES.methodSwitchedOff });
  });

  it('cardDepositsThroughTrustProvider true: the card processor takes no card deposits (the custodian takes none either)', async () => {
    const user = await k.openedUser('0', 'flags-trust');
    const body = { fundsTransferMethodId: NO_SUCH_ID, amount: '10' };
    expect(refusal(await callOn(other, '/api/primetrust-creditcard-contribution-token', user.token, body)).errors?.fields).toEqual({ method: TRANSFER_MESSAGES.methodSwitchedOff });
    const config = PublicConfig.parse((await other.app.inject({ method: 'GET', url: '/api/config' })).json());
    expect(config.flags).toMatchObject({ cardDepositsThroughTrustProvider: true, cardDeposit: true });
  });

  it('memoForStablecoins false: a stablecoin buy with a destination tag is refused, without one it is priced', async () => {
    const user = await k.openedUser('500', 'flags-memo');
    const withTag = { ...BUY_USDS, buyAddress: XRPL_ADDRESS, buyMemo: '12345' };
    expect((await k.call('/api/ramp/trade-estimate', { token: user.token, body: withTag })).status).toBe(200);
    const refused = refusal(await callOn(other, '/api/ramp/trade-estimate', user.token, withTag));
    expect(refused.errors?.fields).toEqual({ buyMemo: RAMP_QUOTE_MESSAGES.memoNotForStablecoins });
    expect((await callOn(other, '/api/ramp/trade-estimate', user.token, { ...withTag, buyMemo: '' })).status).toBe(200);
  });
});
