import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from '../../lib/i18n';
import { CompletePage } from './complete-page';
import { TRACKING_ID, fakeServer, order, renderPage } from './test-support';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['trade']);
});

describe('/trade/complete', () => {
  it("reads the caller's order and shows its timeline, the fee of its method and the tracking link", async () => {
    const placed = order({
      paymentMethod: 'primex_ach',
      timeline: [
        { status: 'awaiting_funds', at: '2026-11-23T14:00:00.000Z' },
        { status: 'funds_received', at: '2026-11-23T15:00:00.000Z' },
        { status: 'delivering', at: '2026-11-23T15:00:05.000Z' },
      ],
    });
    const server = fakeServer({ '/ramp/order-get': () => ({ order: placed, replayed: false }) });
    renderPage(<CompletePage />, server.api, `/trade/complete?order=${placed.orderId}`);
    const timeline = await screen.findByTestId('timeline');
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByTestId('order-status')).toHaveTextContent('Status: Sending to your address');
    expect(within(screen.getByTestId('order-lines')).getByText('ACH fee')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the tracking page' })).toHaveAttribute(
      'href',
      `/trade/track?tracking_id=${TRACKING_ID}`,
    );
    expect(server.callsTo('/ramp/order-get')[0]?.body).toEqual({ orderId: placed.orderId });
  });

  // A step the order never had to go through is not drawn as still to come: a sell from holdings starts at
  // "Deposit received" (the asset is already held), so it never waited for a deposit.
  it('shows a sell from holdings only the steps it went through, and those still to come', async () => {
    const placed = order({
      side: 'sell',
      status: 'paying_out',
      sellAssetTicker: 'ETH',
      timeline: [
        { status: 'deposit_received', at: '2026-11-23T15:00:00.000Z' },
        { status: 'paying_out', at: '2026-11-23T15:00:05.000Z' },
      ],
    });
    const server = fakeServer({ '/ramp/order-get': () => ({ order: placed, replayed: false }) });
    renderPage(<CompletePage />, server.api, `/trade/complete?order=${placed.orderId}`);
    const items = within(await screen.findByTestId('timeline')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Deposit receivedNov 23, 2026/),
      expect.stringMatching(/^Paying you outNov 23, 2026/),
      'CompletedNot yet',
    ]);
    expect(screen.getByTestId('timeline')).not.toHaveTextContent('Waiting for your deposit');
  });

  it('still shows the first step as to come while an order waits for it', async () => {
    const placed = order({
      side: 'sell',
      status: 'awaiting_deposit',
      timeline: [{ status: 'awaiting_deposit', at: '2026-11-23T15:00:00.000Z' }],
    });
    const server = fakeServer({ '/ramp/order-get': () => ({ order: placed, replayed: false }) });
    renderPage(<CompletePage />, server.api, `/trade/complete?order=${placed.orderId}`);
    const items = within(await screen.findByTestId('timeline')).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[1]).toHaveTextContent(/Deposit received\s*Not yet/);
  });
});
