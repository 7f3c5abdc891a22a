import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../lib/i18n';
import { TRACKING_ID, errorReply, fakeServer, order, renderPage } from './test-support';
import { ShortLinkPage } from './short-link-page';
import { TrackPage } from './track-page';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['trade']);
});
afterEach(() => vi.useRealTimers());

describe('/trade/track', () => {
  it('shows each state with its time, the amounts with each fee, and the transaction hash', async () => {
    const done = order({
      status: 'completed',
      txHash: 'ABCDEF0123456789',
      confirmations: 1,
      timeline: [...order().timeline, { status: 'completed', at: '2026-11-23T15:01:00.000Z' }],
    });
    const server = fakeServer({ '/ramp/tracking': () => ({ order: done }) });
    renderPage(<TrackPage />, server.api, `/trade/track?tracking_id=${TRACKING_ID}`);
    const timeline = await screen.findByTestId('timeline');
    const steps = within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // The fixture's timeline starts at "Payment received": a step before the first one reached is not drawn.
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/^Payment receivedNov 23, 2026/);
    expect(steps[2]).toMatch(/^CompletedNov 23, 2026/);
    expect(screen.getByTestId('order-status')).toHaveTextContent('Status: Completed');
    expect(within(screen.getByTestId('order-lines')).getByText('Network fee')).toBeInTheDocument();
    expect(screen.getByTestId('tx-hash')).toHaveTextContent('ABCDEF0123456789');
    expect(server.callsTo('/ramp/tracking')[0]?.body).toEqual({ tracking_id: TRACKING_ID });
  });

  it('reads the order again while it is not final', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer({ '/ramp/tracking': () => ({ order: order() }) });
    renderPage(<TrackPage />, server.api, `/trade/track?tracking_id=${TRACKING_ID}`);
    await screen.findByTestId('timeline');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_500);
    });
    await waitFor(() => expect(server.callsTo('/ramp/tracking').length).toBeGreaterThanOrEqual(2));
  });

  it('says when the tracking id is unknown', async () => {
    const server = fakeServer({
      '/ramp/tracking': () => errorReply(404, 'There is no order with this tracking id', 'tracking_unknown'),
    });
    renderPage(<TrackPage />, server.api, `/trade/track?tracking_id=${TRACKING_ID}`);
    expect(
      await screen.findByText('There is no order with this tracking id. Check the link in your email.'),
    ).toBeInTheDocument();
  });
});

describe('/r/:shortId', () => {
  it('replaces itself with the tracking page of the link', async () => {
    const server = fakeServer({
      '/r/AbCdEfGhIj': () => ({ trackingId: TRACKING_ID, trackingUrl: `/trade/track?tracking_id=${TRACKING_ID}` }),
    });
    renderPage(<ShortLinkPage />, server.api, '/r/AbCdEfGhIj', '/r/:shortId');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/trade/track?tracking_id=${TRACKING_ID}`),
    );
  });
});
