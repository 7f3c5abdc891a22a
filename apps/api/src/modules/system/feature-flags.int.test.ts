import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorBody,
  PublicConfig,
  RAMP_QUOTE_MESSAGES,
  RULE_MESSAGES,
  RampAssetsReply,
  SendSmsReply,
  TRANSFER_MESSAGES,
  VERIFICATION_MESSAGES,
  ValidateSmsReply,
  type RampAsset,
} from '@rampart/contracts';
import { validIndividual } from '../../../test/kits/kyc-test-kit';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { BUY_USDS, NO_SUCH_ID, XRPL_ADDRESS } from '../../../test/kits/ramp-test-fixtures';
import { createTransferKit } from '../../../test/kits/transfer-test-kit';

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
      env: {
        FEATURE_FLAGS: JSON.stringify({ issuanceAndRedemption: false, plaidDeposits: false, cardDeposit: false }),
      },
    });
    // The memo flag apart: with stablecoins switched off above, a stablecoin buy is refused before its memo is read.
    other = await createTestApp({
      db: k.t.db,
      env: {
        FEATURE_FLAGS: JSON.stringify({
          cardDepositsThroughTrustProvider: true,
          memoForStablecoins: false,
          socure: true,
          kycIndividual: true,
        }),
      },
    });
  });
  afterAll(async () => {
    await other?.close();
    await off?.close();
    await k?.close();
  });

  async function callOn(app: TestApp, url: string, token: string | undefined, body: unknown) {
    const res = await app.app.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
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
    expect(PublicConfig.parse(res.json()).flags).toMatchObject({
      issuanceAndRedemption: false,
      plaidDeposits: false,
      cardDeposit: false,
      memoForStablecoins: true,
      cryptoTrading: true,
    });
  });

  it('issuanceAndRedemption false: every stablecoin is disabled (notify me) and a stablecoin trade is refused; crypto stays', async () => {
    const on = await assetsOn(k.t);
    const switched = await assetsOn(off);
    expect(on.get('xrplUSDS')).toMatchObject({ disabled: false, toAssetEnabled: true });
    expect(switched.get('xrplUSDS')).toMatchObject({
      disabled: true,
      fromAssetEnabled: false,
      toAssetEnabled: false,
      featureInterestType: 'stablecoin',
    });
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
    expect(
      refusal(await callOn(off, '/api/transfers/deposit', user.token, { ...deposit, method: 'primex_instant_ach' }))
        .errors?.fields,
    ).toEqual({ method: TRANSFER_MESSAGES.methodSwitchedOff });
    // Nothing was recorded; the same deposit on the default flags goes through.
    expect(await k.transferCount(user.guid)).toBe(0);
    expect((await k.call('/api/transfers/deposit', { token: user.token, body: deposit })).status).toBe(200);

    const switched = await assetsOn(off);
    expect(switched.get('primex_achUSD')).toMatchObject({
      fromAssetEnabled: false,
      toAssetEnabled: true,
      disabled: false,
    });
    expect(switched.get('primex_instant_achUSD')).toMatchObject({ fromAssetEnabled: false, disabled: true });
    expect((await assetsOn(k.t)).get('primex_achUSD')).toMatchObject({ fromAssetEnabled: true });
  });

  it('cardDeposit false: a card deposit is refused before the card is looked at', async () => {
    const user = await k.openedUser('0', 'flags-card');
    const body = { fundsTransferMethodId: NO_SUCH_ID, amount: '10' };
    // Default flags: the call goes on to look the card up (an unknown one is a 404).
    expect((await k.call('/api/primetrust-creditcard-contribution-token', { token: user.token, body })).status).toBe(
      404,
    );
    expect(
      refusal(await callOn(off, '/api/primetrust-creditcard-contribution-token', user.token, body)).errors?.fields,
    ).toEqual({ method: TRANSFER_MESSAGES.methodSwitchedOff });
  });

  it('cardDepositsThroughTrustProvider true: the card processor takes no card deposits (the custodian takes none either)', async () => {
    const user = await k.openedUser('0', 'flags-trust');
    const body = { fundsTransferMethodId: NO_SUCH_ID, amount: '10' };
    expect(
      refusal(await callOn(other, '/api/primetrust-creditcard-contribution-token', user.token, body)).errors?.fields,
    ).toEqual({ method: TRANSFER_MESSAGES.methodSwitchedOff });
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

  it('socure true: a capture is refused from the signed-in browser and taken only through the phone link', async () => {
    const token = await k.signedInUser(`flags-socure-${Date.now()}@example.com`);
    expect((await k.call('/api/contact/set/individualinfo', { token, body: validIndividual() })).status).toBe(200);
    const capture = {
      documentType: 'passport',
      documentId: NO_SUCH_ID,
      selfieId: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
      deviceId: 'web:flags',
    };
    // Default flags: the signed-in browser's capture is looked at (unknown files: 400 under the fields).
    expect((await k.call('/api/socure/submit_document', { token, body: capture })).status).toBe(400);
    const refused = refusal(await callOn(other, '/api/socure/submit_document', token, capture), 403);
    expect(refused).toMatchObject({
      code: 'verification_phone_only',
      message: VERIFICATION_MESSAGES.en.captureOnPhoneOnly,
    });
    // The phone that opened the SMS link gets past the gate (and on to the same checks of its files).
    const sent = SendSmsReply.parse(
      (await callOn(other, '/api/socure/send_sms', token, { phone: '+12015550188' })).body,
    );
    const opened = await callOn(other, '/api/socure/validate_sms', undefined, {
      token: new URL(sent.link).searchParams.get('token'),
    });
    const { captureToken } = ValidateSmsReply.parse(opened.body);
    expect(
      refusal(await callOn(other, '/api/socure/submit_document', captureToken, capture)).errors?.fields,
    ).toHaveProperty('documentId');
  });

  it('kycIndividual true: the individual record needs its sex; on the defaults it does not', async () => {
    const token = await k.signedInUser(`flags-individual-${Date.now()}@example.com`);
    const refused = refusal(await callOn(other, '/api/contact/set/individualinfo', token, validIndividual()));
    expect(refused.errors?.fields).toEqual({ sex: RULE_MESSAGES.en.required });
    const saved = await callOn(other, '/api/contact/set/individualinfo', token, {
      ...validIndividual(),
      sex: 'female',
      name: { ...validIndividual().name, middle: 'Augusta' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ individual: { sex: 'female', name: { middle: 'Augusta' } } });
    expect((await k.call('/api/contact/set/individualinfo', { token, body: validIndividual() })).status).toBe(200);
  });
});
