import { catalogue, figures } from '../../test/fixtures';
import { bankAccount } from './model/test-fixtures';

export { fakeServer, renderPage, errorReply, validationReply } from '../../test/page-kit';
export { TRACKING_ID, XRPL_ADDRESS, figures, order } from '../../test/fixtures';

export const BANK = bankAccount();

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
