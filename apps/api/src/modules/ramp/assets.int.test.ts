import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorBody,
  FeatureInterestListReply,
  FeatureInterestReply,
  RampAssetsReply,
  type RampAsset,
} from '@rampart/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createKycKit, type KycKit } from '../../../test/kits/kyc-test-kit';

/** `/api/ramp/assets` and "notify me" (R15, decision 022). */
describe('ramp: assets and feature interest', () => {
  let k: KycKit;
  beforeAll(async () => {
    k = await createKycKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  const assetsOf = async (kit: KycKit, token?: string): Promise<RampAsset[]> => {
    const res = await kit.call('/api/ramp/assets', { body: {}, ...(token ? { token } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return RampAssetsReply.parse(res.body).data.assets;
  };

  describe('/api/ramp/assets', () => {
    it("names each payment method by document 1's ticker, and no asset", async () => {
      const assets = await assetsOf(k);
      const tickers = Object.fromEntries(
        assets.filter((a) => a.section === 'fiat').map((a) => [a.key, a.methodTicker]),
      );
      expect(tickers).toEqual({
        primex_achUSD: 'ACH_PLAID',
        primex_instant_achUSD: 'INSTANT_ACH_PLAID',
        primex_cardUSD: 'PT_CARD',
        primex_fedwireUSD: 'PRIMEX',
        primex_swift_wireUSD: 'PRIMEX',
        primex_usdUSD: 'PRIMETRUST_TRANSFER',
      });
      expect(assets.filter((a) => a.section !== 'fiat').every((a) => a.methodTicker === null)).toBe(true);
    });

    it('lists the stablecoins in display order, stellarUSDC first and disabled, xrplUSDS the first one enabled', async () => {
      const assets = await assetsOf(k);
      const stablecoins = assets.filter((a) => a.section === 'stable_coin');
      expect(stablecoins).toHaveLength(18);
      expect(stablecoins[0]).toMatchObject({
        key: 'stellarUSDC',
        network: 'stellar',
        assetTicker: 'USDC',
        disabled: true,
        hidden: false,
        networkDisplayName: 'Stellar',
      });
      expect(stablecoins.find((a) => !a.disabled && !a.hidden)).toMatchObject({
        key: 'xrplUSDS',
        name: 'Stably USD',
        unitName: 'USDS',
        decimals: 6,
        settlementTime: 'Instant',
        networkDisplayName: 'XRP Ledger',
        minimumDeposit: '10',
        fromAssetEnabled: true,
        toAssetEnabled: true,
        featureInterestType: null,
      });
      expect(stablecoins.find((a) => a.key === 'polymeshUSDS')).toMatchObject({ hidden: true, disabled: true });
      expect(stablecoins.filter((a) => a.disabled).map((a) => a.key)).toEqual([
        'stellarUSDC',
        'solanaUSDC',
        'avalancheUSDC',
        'ethereumUSDC',
        'ethereumUSDT',
        'polymeshUSDS',
      ]);
    });

    it('lists crypto assets with a network icon each, XLM disabled for buying and trading', async () => {
      const crypto = (await assetsOf(k)).filter((a) => a.section === 'crypto_currency');
      expect(crypto.map((a) => [a.key, a.disabled])).toEqual([
        ['bitcoinBTC', false],
        ['ethereumETH', false],
        ['xrplXRP', false],
        ['stellarXLM', true],
        ['solanaSOL', false],
      ]);
      for (const asset of crypto) expect(asset.networkIcon).toMatch(/^data:image\/svg\+xml,/);
    });

    it('enables the USD methods per direction: from ACH, USD balance, instant ACH; to ACH and USD balance', async () => {
      const fiat = (await assetsOf(k)).filter((a) => a.section === 'fiat');
      expect(fiat.filter((a) => a.fromAssetEnabled).map((a) => a.network)).toEqual([
        'primex_ach',
        'primex_instant_ach',
        'primex_usd',
      ]);
      expect(fiat.filter((a) => a.toAssetEnabled).map((a) => a.network)).toEqual(['primex_ach', 'primex_usd']);
      expect(fiat.filter((a) => a.disabled).map((a) => [a.network, a.featureInterestType])).toEqual([
        ['primex_card', 'card'],
        ['primex_fedwire', 'domestic-wire'],
        ['primex_swift_wire', 'international-wire'],
      ]);
    });

    it('answers the same to a signed-in caller (the SPA sends its bearer when it has one)', async () => {
      const token = await k.signedInUser('assets-signed-in@example.com');
      expect(await assetsOf(k, token)).toEqual(await assetsOf(k));
    });

    it('are described in the OpenAPI document', async () => {
      const doc = await k.t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(doc.statusCode).toBe(200);
      expect(Object.keys((doc.json() as { paths: Record<string, unknown> }).paths)).toEqual(
        expect.arrayContaining(['/api/ramp/assets', '/api/feature-interest', '/api/feature-interest-list']),
      );
    });

    it('refuses a body that is not an object', async () => {
      for (const payload of ['[]', '"assets"', '{']) {
        const res = await k.call('/api/ramp/assets', {
          body: payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        ApiErrorBody.parse(res.body);
      }
    });
  });

  describe('/api/feature-interest', () => {
    let token: string;
    beforeAll(async () => {
      token = await k.signedInUser('interest@example.com');
    });

    const record = async (body: unknown, as = token) => {
      const res = await k.call('/api/feature-interest', { token: as, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return FeatureInterestReply.parse(res.body);
    };
    const list = async (as = token) => {
      const res = await k.call('/api/feature-interest-list', { token: as, body: {} });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return FeatureInterestListReply.parse(res.body).interests;
    };

    it('needs a signed-in user', async () => {
      k.expectError(await k.call('/api/feature-interest', { body: { type: 'card' } }), 401, 'unauthenticated');
      k.expectError(await k.call('/api/feature-interest-list', { body: {} }), 401, 'unauthenticated');
    });

    it('records a method interest once, however often it is asked for', async () => {
      const first = await record({ type: 'card' });
      expect(first).toMatchObject({ created: true, interest: { type: 'card', network: null, assetTicker: null } });
      const again = await record({ type: 'card' });
      expect(again).toEqual({ created: false, interest: first.interest });
      expect((await list()).filter((i) => i.type === 'card')).toHaveLength(1);
    });

    it('records an asset interest by network and ticker, the ticker in any case', async () => {
      const first = await record({ type: 'stablecoin', network: 'stellar', assetTicker: 'USDC' });
      expect(first).toMatchObject({
        created: true,
        interest: { type: 'stablecoin', network: 'stellar', assetTicker: 'USDC' },
      });
      expect(await record({ type: 'stablecoin', network: 'stellar', assetTicker: 'usdc' })).toEqual({
        created: false,
        interest: first.interest,
      });
      // Another pair of the same ticker is another subject.
      expect((await record({ type: 'stablecoin', network: 'ethereum', assetTicker: 'USDC' })).created).toBe(true);
    });

    it("records a disabled crypto asset under the crypto type the catalogue gives it, not 'stablecoin'", async () => {
      const xlm = (await assetsOf(k)).find((a) => a.key === 'stellarXLM');
      expect(xlm).toMatchObject({ disabled: true, section: 'crypto_currency', featureInterestType: 'crypto' });
      const first = await record({ type: 'crypto', network: 'stellar', assetTicker: 'XLM' });
      expect(first).toMatchObject({
        created: true,
        interest: { type: 'crypto', network: 'stellar', assetTicker: 'XLM' },
      });
      expect((await list()).filter((i) => i.assetTicker === 'XLM').map((i) => i.type)).toEqual(['crypto']);
      // Each asset type names assets of its own kind only.
      const wrongKind = k.expectError(
        await k.call('/api/feature-interest', {
          token,
          body: { type: 'stablecoin', network: 'stellar', assetTicker: 'XLM' },
        }),
        400,
        'validation_failed',
      );
      expect(wrongKind.errors?.fields).toEqual({ type: 'Asset XLM not supported!' });
      // Keyed with its ticker (docs/decisions/104-every-refusal-is-keyed.md).
      expect(wrongKind.fieldKeys).toEqual({ type: { key: 'asset.notSupported', params: { ticker: 'XLM' } } });
      k.expectError(
        await k.call('/api/feature-interest', {
          token,
          body: { type: 'crypto', network: 'stellar', assetTicker: 'USDC' },
        }),
        400,
        'validation_failed',
      );
      expect(
        (await list()).filter((i) => i.assetTicker === 'XLM' || (i.type === 'crypto' && i.assetTicker === 'USDC')),
      ).toHaveLength(1);
    });

    it('records two identical requests sent at once as one interest', async () => {
      const replies = await Promise.all(
        [1, 2, 3].map(() => k.call('/api/feature-interest', { token, body: { type: 'international-wire' } })),
      );
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(replies.map((r) => FeatureInterestReply.parse(r.body).created).filter(Boolean)).toHaveLength(1);
      expect((await list()).filter((i) => i.type === 'international-wire')).toHaveLength(1);
    });

    it("lists only the caller's own interests", async () => {
      const someoneElse = await k.signedInUser('interest-other@example.com');
      expect(await list(someoneElse)).toEqual([]);
      // The same interest of another user is that user's own row.
      expect((await record({ type: 'card' }, someoneElse)).created).toBe(true);
      expect((await list(someoneElse)).map((i) => i.type)).toEqual(['card']);
      expect((await list()).map((i) => [i.type, i.network, i.assetTicker])).toEqual(
        expect.arrayContaining([
          ['card', null, null],
          ['stablecoin', 'stellar', 'USDC'],
        ]),
      );
    });

    it('refuses every bad input with a 4xx', async () => {
      const bad: Array<[unknown, number, string]> = [
        [{}, 400, 'validation_failed'],
        [{ type: 'crypto' }, 400, 'validation_failed'],
        [{ type: 'stablecoin' }, 400, 'validation_failed'],
        [{ type: 'stablecoin', network: 'stellar' }, 400, 'validation_failed'],
        [{ type: 'card', network: 'stellar', assetTicker: 'USDC' }, 400, 'validation_failed'],
        [{ type: 'stablecoin', network: 'Stellar!', assetTicker: 'USDC' }, 400, 'validation_failed'],
        [{ type: 'stablecoin', network: 'stellar', assetTicker: 'US DC' }, 400, 'validation_failed'],
        [{ type: 'stablecoin', network: 'stellar', assetTicker: 'x'.repeat(21) }, 400, 'validation_failed'],
        [{ type: ['card'] }, 400, 'validation_failed'],
        [[], 400, 'validation_failed'],
      ];
      for (const [body, status, code] of bad)
        k.expectError(await k.call('/api/feature-interest', { token, body }), status, code);
      const invalidJson = await k.call('/api/feature-interest', {
        token,
        body: '{"type":',
        headers: { 'content-type': 'application/json' },
      });
      expect(invalidJson.status).toBe(400);
    });

    it("answers 'Asset {0} not supported!' for an asset the catalogue does not show", async () => {
      for (const [network, assetTicker] of [
        ['dogecoin', 'DOGE'],
        ['stellar', 'DOGE'],
        ['polymesh', 'USDS'],
        ['primex_ach', 'USD'],
      ] as const) {
        const body = k.expectError(
          await k.call('/api/feature-interest', { token, body: { type: 'stablecoin', network, assetTicker } }),
          400,
          'validation_failed',
        );
        expect(body.errors?.fields).toEqual({ assetTicker: `Asset ${assetTicker} not supported!` });
        expect(body.fieldKeys).toEqual({ assetTicker: { key: 'asset.notSupported', params: { ticker: assetTicker } } });
      }
    });

    it('keys the refusal of a type that is not one (docs/decisions/104-every-refusal-is-keyed.md)', async () => {
      for (const body of [{ type: 'zzz' }, { type: 42 }, {}, { type: 'zzz', network: 'stellar', assetTicker: 'XLM' }]) {
        const error = k.expectError(await k.call('/api/feature-interest', { token, body }), 400, 'validation_failed');
        const fields = error.errors?.fields ?? {};
        expect(Object.keys(fields).length, JSON.stringify(error)).toBeGreaterThan(0);
        for (const field of Object.keys(fields)) expect(error.fieldKeys?.[field], JSON.stringify(error)).toBeDefined();
      }
    });
  });

  describe('FEATURE_FLAGS overrides', () => {
    // A second app on the same database (never a second wipe of it), configured with overriding flags.
    let other: TestApp;
    beforeAll(async () => {
      other = await createTestApp({
        db: k.t.db,
        env: {
          FEATURE_FLAGS: JSON.stringify({
            assetsDisabledForBuyingAndTrading: ['usdt'],
            chains: { polymesh: true, tezos: false },
            instantAch: false,
          }),
        },
      });
    });
    afterAll(async () => {
      await other?.close();
    });

    it('switch pairs on and off as the overriding flags say', async () => {
      const res = await other.app.inject({ method: 'POST', url: '/api/ramp/assets', payload: {} });
      expect(res.statusCode).toBe(200);
      const byKey = new Map(RampAssetsReply.parse(res.json()).data.assets.map((a) => [a.key, a]));
      expect(byKey.get('stellarUSDC')).toMatchObject({ disabled: false, hidden: false });
      expect(byKey.get('stellarXLM')).toMatchObject({ disabled: false });
      expect(byKey.get('ethereumUSDT')).toMatchObject({ disabled: true, featureInterestType: 'stablecoin' });
      expect(byKey.get('polymeshUSDS')).toMatchObject({ hidden: false, disabled: false });
      expect(byKey.get('tezosUSDS')).toMatchObject({ hidden: true });
      expect(byKey.get('primex_instant_achUSD')).toMatchObject({
        disabled: true,
        fromAssetEnabled: false,
        featureInterestType: 'instant-ach-plaid',
      });
    });
  });
});
