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
    const placed = order({ paymentMethod: 'primex_ach' });
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
});
