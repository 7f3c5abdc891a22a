import type { RampOrder, TradeFigures } from '@rampart/contracts';
import { catalogue, bankAccount } from './model/test-fixtures';

export { fakeServer, renderPage, errorReply, validationReply } from '../../test/page-kit';

export const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
export const BANK = bankAccount();

export function figures(overrides: Partial<TradeFigures> = {}): TradeFigures {
  return {
    side: 'buy',
    sellAssetTicker: 'USD',
    sellNetwork: 'primex_usd',
    sellAmountTotal: '100.00',
    sellDeliveryMethod: 'payment_method',
    buyAssetTicker: 'USDS',
    buyNetwork: 'xrpl',
    receiveAmount: '99.990000',
    rate: '1.00',
    rateAssetTicker: 'USDS',
    fees: [
      { kind: 'method', label: 'Method fee', assetTicker: 'USD', amount: '0.00' },
      { kind: 'network', label: 'Network fee', assetTicker: 'USD', amount: '0.01' },
      { kind: 'spread', label: 'Spread', assetTicker: 'USD', amount: '0.00' },
    ],
    totalFees: '0.01',
    paymentMethod: 'primex_usd',
    ...overrides,
  };
}

export const LIMITS = {
  assetTicker: 'USD',
  minimumTrade: '1.00',
  limits: [
    {
      kind: 'weekly_method',
      method: 'primex_ach',
      windowHours: 168,
      limit: '1000.00',
      used: '0.00',
      remaining: '1000.00',
      nextReleaseAt: null,
    },
    {
      kind: 'daily_trades',
      method: null,
      windowHours: 24,
      limit: '25000.00',
      used: '0.00',
      remaining: '25000.00',
      nextReleaseAt: null,
    },
    {
      kind: 'per_trade',
      method: null,
      windowHours: null,
      limit: '10000.00',
      used: '0.00',
      remaining: '10000.00',
      nextReleaseAt: null,
    },
  ],
};

/** The reads of /trade/buy, answered as the API would. */
export function buyHandlers() {
  return {
    '/ramp/assets': () => ({ data: { assets: catalogue() } }),
    '/bank-account-list': () => ({ accounts: [BANK] }),
    '/primetrust-accounts-view': () => ({ available: '250.00', settled: '250.00', held: '0.00', assets: [] }),
    '/feature-interest-list': () => ({ interests: [] }),
    '/ramp/limits': () => LIMITS,
    '/ramp/trade-estimate': (body: unknown) => ({
      estimate: figures({ sellAmountTotal: (body as { sellAmountTotal: string }).sellAmountTotal }),
    }),
    '/feature-interest': () => ({
      interest: { type: 'stablecoin', network: 'x', assetTicker: 'Y', createdAt: '2026-11-23T00:00:00.000Z' },
      created: true,
    }),
  };
}

export const TRACKING_ID = 'AbCdEfGhIjKlMnOpQrStUv';

export function order(overrides: Partial<RampOrder> = {}): RampOrder {
  return {
    trackingId: TRACKING_ID,
    shortId: 'AbCdEfGhIj',
    side: 'buy',
    status: 'delivering',
    sellAssetTicker: 'USD',
    sellNetwork: 'primex_usd',
    sellAmountTotal: '100.00',
    sellDeliveryMethod: 'payment_method',
    buyAssetTicker: 'USDS',
    buyNetwork: 'xrpl',
    receiveAmount: '99.990000',
    rate: '1.00',
    fees: figures().fees,
    totalFees: '0.01',
    txHash: null,
    confirmations: 0,
    requiredConfirmations: 1,
    timeline: [
      { status: 'funds_received', at: '2026-11-23T15:00:00.000Z' },
      { status: 'delivering', at: '2026-11-23T15:00:05.000Z' },
    ],
    createdAt: '2026-11-23T15:00:00.000Z',
    updatedAt: '2026-11-23T15:00:05.000Z',
    expiresAt: null,
    reason: null,
    orderId: '7d1c1f38-8f0e-4c47-9a43-0d1f3b0a8a11',
    quoteId: 'q-1',
    paymentMethod: 'primex_usd',
    buyAddress: XRPL_ADDRESS,
    buyMemo: null,
    depositAddress: null,
    depositMemo: null,
    minimumDeposit: null,
    trackingUrl: `/trade/track?tracking_id=${TRACKING_ID}`,
    shortUrl: '/r/AbCdEfGhIj',
    transferId: null,
    ...overrides,
  };
}
