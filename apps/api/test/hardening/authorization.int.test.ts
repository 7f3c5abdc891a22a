import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CardContributionTokenReply,
  CardProcessorAddCardReply,
  CardTokenReply,
  CcMethodAddReply,
  OrderReply,
  RampQuoteReply,
} from '@rampart/contracts';
import { validIndividual } from '../kits/kyc-test-kit';
import { BUY_USDS, XRPL_ADDRESS } from '../kits/ramp-test-fixtures';
import { createTransferKit, type TransferKit } from '../kits/transfer-test-kit';
import {
  changedTables,
  expectErrorShape,
  openApiRoutes,
  rawCall,
  sampleOf,
  snapshotDatabase,
  type ApiRoute,
} from './hardening-kit';
import { HIDDEN_PUBLIC_ROUTES, ROUTES, type OwnedIds } from './route-table';

/**
 * The authorization matrix (decision 038), built from the OpenAPI document and the classification in
 * route-table.ts: every route as an anonymous caller, as another signed-in user naming the first user's objects, and
 * as signed-in users below Verified (R1) on the routes that move money or price a trade.
 */

/** A body each Verified-only route accepts from a Verified user, so that only the KYC level can refuse it. */
function verifiedBodies(own: { bankMethodId: string; cardMethodId: string }): Record<string, unknown> {
  return {
    'POST /api/holdings/withdraw': {
      assetTicker: 'USDS',
      network: 'xrpl',
      amount: '1',
      address: XRPL_ADDRESS,
      code: '123456',
    },
    'POST /api/holdings/withdraw-challenge': {},
    'POST /api/primetrust/sandbox/account/fund': { amount: '10' },
    'POST /api/primetrust-sandbox-send-and-settle-wire-deposit': { amount: '10' },
    'POST /api/primetrust-sandbox-asset-deposit': { assetTicker: 'USDS', amount: '10' },
    'POST /api/holdings/deposit-address': { assetTicker: 'USDS', network: 'xrpl' },
    'POST /api/primetrust-sandbox-receive-asset-deposit': { assetTicker: 'USDS', network: 'xrpl', amount: '10' },
    'POST /api/primetrust-creditcard-contribution-token': { fundsTransferMethodId: own.cardMethodId, amount: '10.00' },
    'POST /api/transfers/deposit': { method: 'primex_ach', amount: '10.00', fundsTransferMethodId: own.bankMethodId },
    'POST /api/transfers/wire-instructions': {},
    'POST /api/transfers/withdraw': { method: 'primex_ach', amount: '1.00', fundsTransferMethodId: own.bankMethodId },
    'POST /api/ramp/quote': { ...BUY_USDS, idemId: randomUUID() },
  };
}

describe('hardening: the authorization matrix of every route', () => {
  let k: TransferKit;
  let routes: ApiRoute[];
  let ids: OwnedIds;
  let first: { token: string; email: string; guid: string };
  let other: { token: string };
  let trackingId: string;
  const lowLevels: { label: string; token: string; bankMethodId: string; cardMethodId: string }[] = [];

  async function addCard(token: string): Promise<string> {
    const { token: formToken } = CardTokenReply.parse(
      (await k.call('/api/primetrust-creditcard-widget-token', { token, body: {} })).body,
    );
    const year = String(new Date().getUTCFullYear() + 3);
    const added = CardProcessorAddCardReply.parse(
      (
        await k.call('/api/card-processor/sandbox/cards', {
          body: { token: formToken, number: '4242 4242 4242 4242', expMonth: '12', expYear: year, cvc: '123' },
        })
      ).body,
    );
    const res = await k.call('/api/cc-method-add', {
      token,
      body: { fundsTransferMethodId: added.fundsTransferMethodId, fundsTransferMethod: 'credit_card' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CcMethodAddReply.parse(res.body).method.fundsTransferMethodId;
  }

  beforeAll(async () => {
    // The flag that defaults to false and adds routes' behaviour is on, so those routes are swept past their refusal.
    k = await createTransferKit({
      env: {
        RATE_LIMIT_PER_MINUTE: '0',
        RATE_LIMIT_AUTH_PER_MINUTE: '0',
        FEATURE_FLAGS: JSON.stringify({ assetsAddition: true }),
      },
    });
    routes = await openApiRoutes(k.t.app);

    // The first user, Verified, with one object of every kind another user might name.
    first = await k.openedUser('500.00', 'owner');
    const bankMethodId = await k.addBank(first.token);
    const deposit = await k.transfer('/api/transfers/deposit', first.token, {
      method: 'primex_ach',
      amount: '20.00',
      fundsTransferMethodId: bankMethodId,
    });
    await k.transfer('/api/transfers/withdraw', first.token, {
      method: 'primex_ach',
      amount: '5.00',
      fundsTransferMethodId: bankMethodId,
    });
    const withdrawalToken = await k.confirmationToken(first.email);
    const cardMethodId = await addCard(first.token);
    const contribution = await k.call('/api/primetrust-creditcard-contribution-token', {
      token: first.token,
      body: { fundsTransferMethodId: cardMethodId, amount: '10.00' },
    });
    expect(contribution.status, JSON.stringify(contribution.body)).toBe(200);
    const contributionId = CardContributionTokenReply.parse(contribution.body).contribution.contributionId;
    const quote = RampQuoteReply.parse(
      (await k.call('/api/ramp/quote', { token: first.token, body: { ...BUY_USDS, idemId: randomUUID() } })).body,
    ).quote;
    const order = await k.placeOrder(first.token, quote.quoteId);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const placed = OrderReply.parse(order.body).order;
    trackingId = placed.trackingId;
    // An open quote of the first user too (the order consumed the other one).
    const openQuote = RampQuoteReply.parse(
      (await k.call('/api/ramp/quote', { token: first.token, body: { ...BUY_USDS, idemId: randomUUID() } })).body,
    ).quote;
    const document = await k.uploadDocument(first.token, { documentType: 'passport' });
    const selfie = await k.uploadDocument(first.token, { documentType: 'other', selfie: true });
    ids = {
      orderId: placed.orderId,
      quoteId: openQuote.quoteId,
      transferId: deposit.transfer.transferId,
      withdrawalToken,
      bankMethodId,
      cardMethodId,
      contributionId,
      documentId: document.id,
      selfieId: selfie.id,
    };

    // Another Verified user.
    other = await k.openedUser('100.00', 'other');

    // Below Verified (R1): Incomplete (signed in, no KYC; and with the details saved) and Submitted (the application
    // under the custodian's review). Reaching review takes the identity capture and its decision, which the KYC suites
    // drive; here the account is put in that state directly, as the custodian holds it while it reviews.
    const noInfo = await k.signedInUser(`noinfo-${randomUUID().slice(0, 8)}@example.com`);
    const incomplete = await k.signedInUser(`incomplete-${randomUUID().slice(0, 8)}@example.com`);
    expect(
      (await k.call('/api/contact/set/individualinfo', { token: incomplete, body: validIndividual() })).status,
    ).toBe(200);
    const submitted = await k.signedInUser(`submitted-${randomUUID().slice(0, 8)}@example.com`);
    expect(
      (await k.call('/api/contact/set/individualinfo', { token: submitted, body: validIndividual() })).status,
    ).toBe(200);
    await k.t.db.query(
      `INSERT INTO custodian_accounts (user_id, account_id, status, checks, signature, agreement_version, submitted_at, created_at, updated_at)
       SELECT id, 'acct-' || id, 'pending', '{}'::jsonb, 'Ada Lovelace', 'v1', now(), now(), now() FROM users WHERE email LIKE 'submitted-%'
       ON CONFLICT (user_id) DO UPDATE SET account_id = EXCLUDED.account_id, status = 'pending', signature = EXCLUDED.signature,
         agreement_version = EXCLUDED.agreement_version, submitted_at = EXCLUDED.submitted_at`,
    );
    expect((await k.accountStatus(noInfo)).status).toBe('noInfo');
    expect((await k.accountStatus(incomplete)).status).toBe('incomplete');
    expect((await k.accountStatus(submitted)).status).toBe('pending');
    for (const [label, token] of [
      ['Incomplete (noInfo)', noInfo],
      ['Incomplete', incomplete],
      ['Submitted', submitted],
    ] as const) {
      lowLevels.push({ label, token, bankMethodId: await k.addBank(token), cardMethodId: await addCard(token) });
    }
  }, 180_000);

  afterAll(async () => {
    await k?.close();
  });

  it('classifies every route of the OpenAPI document (a new route must be added to route-table.ts)', () => {
    const unclassified = routes.map((r) => r.key).filter((key) => !ROUTES[key]);
    expect(unclassified, 'classify these routes in apps/api/test/hardening/route-table.ts').toEqual([]);
    const gone = Object.keys(ROUTES).filter((key) => !routes.some((r) => r.key === key));
    if (gone.length) console.log(`[hardening] classified routes no longer in the OpenAPI document: ${gone.join(', ')}`);
  });

  it('answers 401 to anonymous callers and to a bad token on every route that is not public, before reading the body', async () => {
    const refused: string[] = [];
    for (const route of routes) {
      const rule = ROUTES[route.key];
      if (!rule || rule.access === 'public') continue;
      for (const token of [null, 'not-a-token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl']) {
        const payload =
          route.method === 'GET' || route.multipart
            ? undefined
            : JSON.stringify(route.body ? sampleOf(route.body) : {});
        const res = await rawCall(k.t.app, {
          method: route.method,
          url: route.path,
          token,
          ...(payload === undefined ? {} : { payload, contentType: 'application/json' }),
        });
        const body = res.status === 401 ? expectErrorShape(res.status, res.text, route.key) : null;
        if (body?.code !== 'unauthenticated')
          refused.push(`${route.key} (${token ?? 'anonymous'}): ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('lets anonymous callers reach the public routes (a 2xx or a 4xx about the input, never 401)', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      if (ROUTES[route.key]?.access !== 'public') continue;
      const url = route.path.replace('{shortId}', 'abc123');
      const payload = route.method === 'GET' ? undefined : JSON.stringify(route.body ? sampleOf(route.body) : {});
      const res = await rawCall(k.t.app, {
        method: route.method,
        url,
        ...(payload === undefined ? {} : { payload, contentType: 'application/json' }),
      });
      // /user/authcheck answers whether a bearer is live: 401 valid:false without one is its answer, by design.
      const expected401 = route.key === 'POST /api/user/authcheck';
      if (res.status >= 500 || (res.status === 401) !== expected401)
        wrong.push(`${route.key}: ${res.status} ${res.text.slice(0, 160)}`);
    }
    for (const key of HIDDEN_PUBLIC_ROUTES) {
      // The card form without a live token is its 410 'expired' page, by design (decision 017).
      const res = await rawCall(k.t.app, { method: 'GET', url: key.split(' ')[1]! });
      if (res.status === 401 || res.status >= 500) wrong.push(`${key}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
    // The tracking page is public by its unguessable id, and shows no personal data.
    const tracked = await rawCall(k.t.app, { method: 'GET', url: `/api/ramp/tracking?tracking_id=${trackingId}` });
    expect(tracked.status).toBe(200);
    expect(tracked.text).not.toContain(first.email);
    expect(tracked.text).not.toContain(ids.orderId);
    expect(tracked.text).not.toContain(first.guid);
  });

  it("refuses another signed-in user naming the first user's objects exactly as unknown ones, changing nothing", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const owned = ROUTES[route.key]?.owns;
      if (!owned) continue;
      const before = await snapshotDatabase(k.t.db);
      const res = await rawCall(k.t.app, {
        method: route.method,
        url: route.path,
        token: other.token,
        payload: JSON.stringify(owned.body(ids)),
        contentType: 'application/json',
      });
      const body = res.status >= 400 ? expectErrorShape(res.status, res.text, route.key) : null;
      if (res.status !== owned.status || body?.code !== owned.code)
        wrong.push(`${route.key}: ${res.status} ${res.text.slice(0, 200)}, expected ${owned.status} ${owned.code}`);
      const changed = changedTables(before, await snapshotDatabase(k.t.db));
      if (changed.length) wrong.push(`${route.key}: the refused call changed ${changed.join(', ')}`);
      // Nothing of the first user in the refusal.
      for (const secret of [first.email, first.guid])
        if (res.text.includes(secret)) wrong.push(`${route.key}: the reply names the first user`);
    }
    expect(wrong).toEqual([]);
    // The first user still has every object, untouched.
    expect((await k.call('/api/ramp/order-get', { token: first.token, body: { orderId: ids.orderId } })).status).toBe(
      200,
    );
    expect(
      (await k.call('/api/transfers/get', { token: first.token, body: { transferId: ids.transferId } })).status,
    ).toBe(200);
    const banks = await k.call('/api/bank-account-list', { token: first.token, body: {} });
    expect(JSON.stringify(banks.body)).toContain(ids.bankMethodId);
    const cards = await k.call('/api/cc-method-list', { token: first.token, body: {} });
    expect(JSON.stringify(cards.body)).toContain(ids.cardMethodId);
  });

  it("never shows another user's objects in the other user's own lists and reads", async () => {
    const leaks: string[] = [];
    const secrets = [
      first.email,
      first.guid,
      ids.orderId,
      ids.quoteId,
      ids.transferId,
      ids.bankMethodId,
      ids.cardMethodId,
      ids.contributionId,
      ids.documentId,
      ids.selfieId,
    ];
    for (const route of routes) {
      const rule = ROUTES[route.key];
      if (!rule || rule.access === 'public' || rule.destructive || rule.owns || route.multipart) continue;
      const payload = route.method === 'GET' ? undefined : JSON.stringify(route.body ? sampleOf(route.body) : {});
      const res = await rawCall(k.t.app, {
        method: route.method,
        url: route.path,
        token: other.token,
        ...(payload === undefined ? {} : { payload, contentType: 'application/json' }),
      });
      if (res.status >= 500) leaks.push(`${route.key}: ${res.status}`);
      for (const secret of secrets)
        if (res.text.includes(secret)) leaks.push(`${route.key}: the reply shows ${secret}`);
    }
    expect(leaks).toEqual([]);
  });

  it('refuses users below Verified (Incomplete and Submitted) on the routes that move money or price a trade (R1)', async () => {
    const wrong: string[] = [];
    for (const user of lowLevels) {
      const bodies = verifiedBodies(user);
      for (const route of routes) {
        if (!ROUTES[route.key]?.verified) continue;
        const body = bodies[route.key];
        if (body === undefined) {
          wrong.push(`${route.key}: no Verified body in the matrix`);
          continue;
        }
        const before = await snapshotDatabase(k.t.db);
        const res = await rawCall(k.t.app, {
          method: route.method,
          url: route.path,
          token: user.token,
          payload: JSON.stringify(body),
          contentType: 'application/json',
        });
        const error = res.status >= 400 ? expectErrorShape(res.status, res.text, route.key) : null;
        if (res.status !== 409 || error?.code !== 'account_not_opened')
          wrong.push(`${route.key} as ${user.label}: ${res.status} ${res.text.slice(0, 200)}`);
        const changed = changedTables(before, await snapshotDatabase(k.t.db));
        if (changed.length) wrong.push(`${route.key} as ${user.label}: the refused call changed ${changed.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
    // The same bodies pass for a Verified user: the refusal above is the KYC level's, not the body's.
    const verified = await k.openedUser('100.00', 'control');
    const control = verifiedBodies({
      bankMethodId: await k.addBank(verified.token),
      cardMethodId: await addCard(verified.token),
    });
    for (const key of [
      'POST /api/transfers/deposit',
      'POST /api/ramp/quote',
      'POST /api/transfers/wire-instructions',
      'POST /api/primetrust/sandbox/account/fund',
    ]) {
      const res = await k.call(key.split(' ')[1]!, { token: verified.token, body: control[key] });
      expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});
