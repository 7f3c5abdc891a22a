import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from '../../lib/i18n';
import { order } from '../../test/fixtures';
import { ActivityPage } from './activity-page';
import { fakeServer, renderPage, transfer } from '../../test/page-kit';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['money']);
});

const DEPOSIT = transfer({
  direction: 'contribution',
  methodKey: 'primex_ach',
  method: 'ach',
  status: 'settled',
  amount: '200.00',
  createdAt: '2026-11-20T10:00:00.000Z',
});
const WITHDRAWAL = {
  withdrawalId: 'w-1',
  assetTicker: 'USDS',
  network: 'xrpl',
  amount: '20.000000',
  address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  memo: null,
  status: 'completed',
  txHash: 'AB'.repeat(32),
  reason: null,
  expectedBy: '2026-11-25T15:00:00.000Z',
  createdAt: '2026-11-24T09:00:00.000Z',
  completedAt: '2026-11-24T09:01:00.000Z',
};

function handlers(empty = false) {
  return {
    '/transfers/list': () => ({ transfers: empty ? [] : [DEPOSIT] }),
    '/ramp/orders': () => ({
      orders: empty ? [] : [order({ status: 'completed', createdAt: '2026-11-23T15:00:00.000Z' })],
      nextCursor: null,
    }),
    '/holdings/withdrawals': () => ({ withdrawals: empty ? [] : [WITHDRAWAL] }),
  };
}

describe('/history (decision 033)', () => {
  it('lists deposits, trades and crypto withdrawals together, newest first, each opening its page; filters by kind', async () => {
    const server = fakeServer(handlers());
    const { user } = renderPage(<ActivityPage />, server.api, '/history');
    const list = await screen.findByTestId('activity');
    const entries = within(list).getAllByTestId('activity-entry');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringMatching(/^USDS sent to your wallet.*Completed.*20(\.0+)? USDS$/),
      expect.stringMatching(/^Buy USDS.*Completed.*\$100\.00$/),
      expect.stringMatching(/^Deposit by ACH.*Settled.*\$200\.00$/),
    ]);
    expect(within(entries[1]!).getByRole('link')).toHaveAttribute('href', `/trade/complete?order=${order().orderId}`);
    expect(within(entries[0]!).getByRole('link')).toHaveAttribute('href', '/money/withdraw-asset');

    await user.click(screen.getByRole('button', { name: 'Trades' }));
    expect(screen.getByRole('button', { name: 'Trades' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByTestId('activity')).getAllByTestId('activity-entry')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Deposits and withdrawals' }));
    expect(within(screen.getByTestId('activity')).getByText(/Deposit by ACH/)).toBeInTheDocument();
    expect(server.callsTo('/ramp/orders')[0]?.body).toEqual({ limit: 100 });
  });

  it('says so when there is nothing yet', async () => {
    const server = fakeServer(handlers(true));
    renderPage(<ActivityPage />, server.api, '/history');
    expect(await screen.findByTestId('activity-empty')).toHaveTextContent('Nothing here yet.');
  });
});
