import { expect } from 'vitest';
import {
  CardContributionTokenReply,
  CardProcessorAddCardReply,
  CardTokenReply,
  CcMethodAddReply,
  OrderReply,
  RampQuoteReply,
} from '@rampart/contracts';
import type { TransferKit } from '../kits/transfer-test-kit';
import { XRPL_ADDRESS } from '../kits/ramp-test-fixtures';

/**
 * Every route the OpenAPI document marks `x-idempotency` (plugins/idempotency.ts: `idempotent` or `singleFlight`),
 * with how a client makes one call of it and what the reply names (decision 049). A route marked in the app without
 * an entry here fails the takeover tests, so a new money-moving route cannot ship without them.
 */
export interface MoneyUser {
  token: string;
  email: string;
  guid: string;
}

export interface MoneyRoute {
  /** Gets the user ready (methods, orders waiting...) and gives the body of one call. */
  prepare(k: TransferKit, user: MoneyUser): Promise<unknown>;
  /** What the reply names: the same on every retry under one key. */
  idOf(body: unknown): unknown;
}

const field = (name: string) => (body: unknown) => (body as Record<string, unknown>)[name];
const nested = (outer: string, inner: string) => (body: unknown) =>
  ((body as Record<string, Record<string, unknown>>)[outer] ?? {})[inner];

/** A year from the card processor's point of view: far enough ahead. */
const expiryYear = () => String(new Date().getUTCFullYear() + 3);

async function addCard(k: TransferKit, token: string): Promise<string> {
  const form = CardTokenReply.parse(
    (await k.call('/api/primetrust-creditcard-widget-token', { token, body: {} })).body,
  );
  const added = await k.call('/api/card-processor/sandbox/cards', {
    body: { token: form.token, number: '4242 4242 4242 4242', expMonth: '12', expYear: expiryYear(), cvc: '123' },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const id = CardProcessorAddCardReply.parse(added.body).fundsTransferMethodId;
  const method = await k.call('/api/cc-method-add', {
    token,
    body: { fundsTransferMethodId: id, fundsTransferMethod: 'credit_card' },
  });
  expect(method.status, JSON.stringify(method.body)).toBe(200);
  return CcMethodAddReply.parse(method.body).method.fundsTransferMethodId;
}

let quotes = 0;

export const MONEY_ROUTES: Record<string, MoneyRoute> = {
  'POST /api/primetrust/sandbox/account/fund': {
    prepare: async () => ({ amount: '30' }),
    idOf: field('transactionId'),
  },
  'POST /api/primetrust-sandbox-send-and-settle-wire-deposit': {
    prepare: async () => ({ amount: '30' }),
    idOf: field('transactionId'),
  },
  'POST /api/primetrust-sandbox-asset-deposit': {
    prepare: async () => ({ assetTicker: 'USDS', amount: '30' }),
    idOf: field('transactionId'),
  },
  'POST /api/primetrust-sandbox-test-sell-flow': { prepare: async () => ({}), idOf: field('transactionIds') },
  // A deposit to the user's address (decision 069): the transaction id is made from the key, so the retry is the same deposit.
  'POST /api/primetrust-sandbox-receive-asset-deposit': {
    prepare: async () => ({ assetTicker: 'USDS', network: 'xrpl', amount: '30' }),
    idOf: nested('deposit', 'depositId'),
  },
  'POST /api/holdings/withdraw': {
    // The step-up's code (decision 054), sent by the challenge: part of the body a client retries with.
    prepare: async (k, user) => {
      expect((await k.call('/api/holdings/withdraw-challenge', { token: user.token, body: {} })).status).toBe(200);
      const code = /\b(\d{6})\b/.exec((await k.outbox(user.email))[0]?.text ?? '')?.[1];
      return { assetTicker: 'USDS', network: 'xrpl', amount: '30', address: XRPL_ADDRESS, memo: '12345', code };
    },
    idOf: nested('withdrawal', 'withdrawalId'),
  },
  'POST /api/transfers/deposit': {
    prepare: async (k, user) => ({
      method: 'primex_ach',
      amount: '30.00',
      fundsTransferMethodId: await k.addBank(user.token),
    }),
    idOf: nested('transfer', 'transferId'),
  },
  'POST /api/transfers/withdraw': {
    prepare: async (k, user) => ({
      method: 'primex_ach',
      amount: '30.00',
      fundsTransferMethodId: await k.addBank(user.token),
    }),
    idOf: nested('transfer', 'transferId'),
  },
  'POST /api/primetrust-creditcard-contribution-token': {
    prepare: async (k, user) => ({ fundsTransferMethodId: await addCard(k, user.token), amount: '30' }),
    idOf: (body) => CardContributionTokenReply.parse(body).contribution.contributionId,
  },
  'POST /api/ramp/quote': {
    prepare: async () => ({
      buyAssetTicker: 'USDS',
      buyNetwork: 'xrpl',
      buyAddress: XRPL_ADDRESS,
      sellAssetTicker: 'USD',
      sellNetwork: 'primex_usd',
      sellAmountTotal: '30',
      idemId: `takeover-${Date.now()}-${++quotes}`,
    }),
    idOf: (body) => RampQuoteReply.parse(body).quote.quoteId,
  },
};

/**
 * The test sell flow again, with one of the user's sell orders waiting for its deposit: the call then brings that
 * deposit instead of selling 100 USDC (decision 028), and a retry must not fall through to the 100 USDC sale.
 */
export const TEST_SELL_WITH_ORDER: MoneyRoute = {
  prepare: async (k, user) => {
    const quote = await k.call('/api/ramp/quote', {
      token: user.token,
      body: {
        sellAssetTicker: 'USDS',
        sellNetwork: 'xrpl',
        sellAmountTotal: '20',
        sellDeliveryMethod: 'deposit',
        buyAssetTicker: 'USD',
        buyNetwork: 'primex_usd',
        buyAddress: 'USD balance',
        idemId: `takeover-sell-${Date.now()}-${++quotes}`,
      },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const order = await k.placeOrder(user.token, RampQuoteReply.parse(quote.body).quote.quoteId);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(OrderReply.parse(order.body).order.status).toBe('awaiting_deposit');
    return {};
  },
  idOf: field('orderId'),
};

/**
 * What the user owns and every row of the user's, as numbers a client could see move: the holdings (each asset's
 * settled and held amounts), the ledger transactions and holds on the user's accounts, and the rows of every table
 * with a user_id (withdrawals, transfers, card deposits, orders, quotes...). The idempotency keys themselves and the
 * sign-in attempts are not counted.
 */
export async function moneyState(k: TransferKit, user: MoneyUser): Promise<Record<string, string>> {
  const holdings = await k.holdings(user.token);
  const out: Record<string, string> = { 'USD available': holdings.available, 'USD held': holdings.held };
  for (const a of holdings.assets) out[`${a.assetTicker} settled/held`] = `${a.settled}/${a.held}`;
  const prefix = `users:${user.guid.toLowerCase()}:%`;
  const count = async (sql: string, params: unknown[]) =>
    String((await k.t.db.query<{ n: string }>(sql, params)).rows[0]?.n ?? '0');
  out.ledgerTransactions = await count(
    'SELECT count(DISTINCT transaction_id)::text AS n FROM ledger_postings WHERE source LIKE $1 OR destination LIKE $1',
    [prefix],
  );
  out.ledgerHolds = await count('SELECT count(*)::text AS n FROM ledger_holds WHERE account LIKE $1', [prefix]);
  const { rows: tables } = await k.t.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'user_id'
        AND table_name NOT IN ('http_idempotency_keys', 'identity_attempts') ORDER BY table_name`,
  );
  for (const { table_name: table } of tables)
    out[table] = await count(`SELECT count(*)::text AS n FROM "${table}" WHERE user_id = $1`, [user.guid]);
  return out;
}

/** The route's call as the client sends it, with its Idempotency-Key. */
export async function callWithKey(k: TransferKit, route: string, token: string, body: unknown, key: string) {
  const res = await k.t.app.inject({
    method: 'POST',
    url: route.replace(/^POST /, ''),
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: body as object,
  });
  return { status: res.statusCode, body: res.json() as unknown, text: res.body };
}

/** The routes of the app's OpenAPI document marked `x-idempotency`. */
export async function idempotentRoutes(k: TransferKit): Promise<string[]> {
  const res = await k.t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  const doc = res.json() as {
    paths: Record<string, Record<string, { 'x-idempotency'?: string; parameters?: { in: string; name: string }[] }>>;
  };
  const marked: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!op['x-idempotency']) continue;
      expect(
        op.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
        `${method} ${path} documents its Idempotency-Key header`,
      ).toBe(true);
      marked.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return marked.sort();
}
