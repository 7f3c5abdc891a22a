import {
  DEFAULT_FEATURE_FLAGS,
  rampCatalogue,
  type FeatureFlags,
  type RampAsset,
  type RampOrder,
  type TradeFigures,
  type UserInfo,
} from '@rampart/contracts';

/* Reply fixtures the tests of several features share (an order, its figures, the asset catalogue). */

/** The catalogue `/ramp/assets` serves under the given flags (the very same function the API runs). */
export function catalogue(overrides: Partial<FeatureFlags> = {}): RampAsset[] {
  return rampCatalogue({ ...DEFAULT_FEATURE_FLAGS, ...overrides });
}

export const XRPL_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

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
    depositReceived: null,
    minimumDeposit: null,
    trackingUrl: `/trade/track?tracking_id=${TRACKING_ID}`,
    shortUrl: '/r/AbCdEfGhIj',
    transferId: null,
    ...overrides,
  };
}

/** A signed-in user with the emailed code as second factor, no phone and no authenticator app. */
export const EMAIL_CODE_USER: UserInfo = {
  userGuid: '7d1c1c1e-58a4-4a8e-9d36-0c7f3f3f7a11',
  email: 'a@example.com',
  emailVerified: true,
  locale: 'en',
  applicationName: null,
  phoneNumber: null,
  phoneNumberVerified: false,
  preferredMfa: 'EMAIL_OTP',
  totpEnabled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};
