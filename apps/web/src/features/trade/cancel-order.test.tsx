import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ORDER_MESSAGES } from '@rampart/contracts';
import i18n from '../../lib/i18n';
import { CompletePage } from './complete-page';
import { errorReply, fakeServer, order, renderPage } from './test-support';

beforeAll(async () => {
  await i18n.changeLanguage('es');
  await i18n.loadNamespaces(['trade']);
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('cancelling an order on /trade/complete (decision 058)', () => {
  it('an ACH-paid buy waiting for its payment: the dialog names the amount; a refusal shows the catalogue message in Spanish, sent once', async () => {
    const waiting = order({
      status: 'awaiting_funds',
      paymentMethod: 'primex_ach',
      sellAmountTotal: '50.00',
      timeline: [{ status: 'awaiting_funds', at: '2026-11-26T10:00:00.000Z' }],
    });
    const server = fakeServer({
      '/ramp/order-get': () => ({ order: waiting, replayed: false }),
      '/ramp/cancel': () => errorReply(409, ORDER_MESSAGES.notCancellable, 'order_not_cancellable'),
    });
    const { user } = renderPage(<CompletePage />, server.api, `/trade/complete?order=${waiting.orderId}`);
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Cancelar este pedido?' });
    expect(dialog).toHaveTextContent('Tu compra por $50.00 se detiene aquí y se cancela su pago por ACH.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    expect(
      await screen.findByText('No pudimos cancelar el pedido: Este pedido ya no se puede cancelar'),
    ).toBeInTheDocument();
    expect(server.callsTo('/ramp/cancel')).toHaveLength(1);
    expect(server.callsTo('/ramp/cancel')[0]?.body).toEqual({ orderId: waiting.orderId });
  });
});
