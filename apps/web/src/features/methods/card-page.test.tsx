import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARD_FORM_MESSAGE_TYPE, type CardMethod } from '@rampart/contracts';
import i18n from '../../lib/i18n';
import { fail, fakeServer, ok, renderMethods, type Handler } from './test-utils';

const CARD_ID = '0b8f0f7e-2b39-4b8e-a0b6-0e6c7b3f5d21';
const tokenReply = (token: string) => ({
  token,
  purpose: 'add',
  expiresAt: '2030-01-01T00:00:00.000Z',
  formUrl: `/api/card-form?token=${token}&lang=en`,
});
const method = (nickname: string): CardMethod => ({
  fundsTransferMethodId: CARD_ID,
  nickname,
  fundsTransferMethod: 'credit_card',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  expiry: '12/30',
  funding: 'debit',
  expired: false,
});
const cardAdded = {
  type: CARD_FORM_MESSAGE_TYPE,
  event: 'card-added',
  fundsTransferMethodId: CARD_ID,
  nickname: '',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
};

function server(handlers: Record<string, Handler> = {}) {
  return fakeServer({
    '/primetrust-creditcard-widget-token': () => ok(tokenReply('cft_first')),
    '/bank-account-list': () => ok({ accounts: [] }),
    '/plaid-institutions': () => ok({ institutions: [] }),
    '/cc-method-list': () => ok({ success: true, errors: { errors: [], fields: {} }, methods: [] }),
    ...handlers,
  });
}

/** The hosted form speaking: a message from the iframe's window, of this origin unless told otherwise. */
function post(data: unknown, options: { origin?: string; fromFrame?: boolean } = {}) {
  const frame = screen.getByTitle('Card details') as HTMLIFrameElement;
  const source = options.fromFrame === false ? window : frame.contentWindow;
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: options.origin ?? window.location.origin, source }),
    );
  });
}

beforeAll(async () => {
  await i18n.loadNamespaces(['methods']);
});

describe('/methods/card', () => {
  it('embeds the hosted form, then saves the reported card with its nickname: not started, started, success', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fake = server({
      '/cc-method-add': async () => {
        await held;
        return ok({ success: true, method: method('Travel card') });
      },
    });
    renderMethods('/methods/card', fake);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a card' })).toBeInTheDocument();
    const frame = await screen.findByTitle('Card details');
    expect(frame).toHaveAttribute('src', '/api/card-form?token=cft_first&lang=en');
    expect(fake.bodiesOf('/primetrust-creditcard-widget-token')).toEqual([{ lang: 'en' }]);
    expect(screen.getByText('Loading the secure card form…')).toHaveAttribute('role', 'status');

    post({ type: CARD_FORM_MESSAGE_TYPE, event: 'ready', purpose: 'add', height: 512 });
    expect(frame).toHaveStyle({ height: '512px' });
    expect(screen.queryByText('Loading the secure card form…')).not.toBeInTheDocument();

    const request = screen.getByTestId('card-request');
    expect(request).toHaveAttribute('data-status', 'not_started');

    // The form reports the card with the nickname the user typed there: it is saved at once.
    post({ ...cardAdded, nickname: ' Travel card ' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saving your card' })).toBeInTheDocument();
    expect(request).toHaveAttribute('data-status', 'started');
    expect(request).toHaveTextContent('Visa ••••ending in 4242');
    expect(request).toHaveTextContent('Expires 12/30');
    release();
    expect(await screen.findByText('Travel card added')).toBeInTheDocument();
    expect(fake.bodiesOf('/cc-method-add')).toEqual([
      { fundsTransferMethodId: CARD_ID, fundsTransferMethod: 'credit_card', nickname: 'Travel card' },
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/methods$/));
  });

  it('moves focus to the saving step when the form reports the card, then to the list once it is saved', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fake = server({
      '/cc-method-add': async () => {
        await held;
        return ok({ success: true, method: method('Travel card') });
      },
    });
    renderMethods('/methods/card', fake);
    await screen.findByTitle('Card details');
    post(cardAdded);
    const saving = await screen.findByRole('heading', { level: 1, name: 'Saving your card' });
    await waitFor(() => expect(saving).toHaveFocus());
    release();
    const listHeading = await screen.findByRole('heading', { level: 1, name: 'Payment methods' });
    await waitFor(() => expect(listHeading).toHaveFocus());
  });

  it('ends the request in success even when the server answers errors, and shows them', async () => {
    const fake = server({
      '/cc-method-add': () => ({
        status: 400,
        body: {
          message: 'validation error',
          code: 'validation_failed',
          type: 'new_validation_error',
          errors: {
            errors: ['This card has expired. Please add a new card.'],
            fields: { nickname: 'Value must be less than 50 characters' },
          },
          fields: { nickname: 'Value must be less than 50 characters' },
        },
      }),
    });
    const { user } = renderMethods('/methods/card', fake);
    await screen.findByTitle('Card details');
    post(cardAdded);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your card was not saved' })).toBeInTheDocument();
    // No nickname typed in the form: the default one is sent.
    expect(fake.bodiesOf('/cc-method-add')).toEqual([
      { fundsTransferMethodId: CARD_ID, fundsTransferMethod: 'credit_card', nickname: 'Visa 4242' },
    ]);
    const errors = await screen.findByTestId('card-errors');
    expect(errors).toHaveAttribute('role', 'alert');
    expect(within(errors).getByRole('listitem')).toHaveTextContent('This card has expired. Please add a new card.');
    expect(screen.getByTestId('field-error-nickname')).toHaveTextContent('Value must be less than 50 characters');
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('card-request')).toHaveAttribute('data-status', 'success');
    expect(screen.getByTestId('location')).toHaveTextContent('/methods/card');

    // Fixing the nickname and trying again sends it.
    const nickname = screen.getByRole('textbox', { name: 'Nickname' });
    await user.clear(nickname);
    await user.type(nickname, 'Short');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fake.bodiesOf('/cc-method-add')).toHaveLength(2));
    expect(fake.bodiesOf('/cc-method-add')[1]).toEqual({
      fundsTransferMethodId: CARD_ID,
      fundsTransferMethod: 'credit_card',
      nickname: 'Short',
    });
  });

  it('ignores messages from another origin, another window or of another shape', async () => {
    renderMethods('/methods/card', server());
    await screen.findByTitle('Card details');
    post(cardAdded, { origin: 'https://evil.example' });
    post(cardAdded, { fromFrame: false });
    post({ type: 'something-else', event: 'card-added' });
    expect(screen.queryByRole('heading', { name: 'Saving your card' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Add a card' })).toBeInTheDocument();
  });

  it('renews an expired form with its token', async () => {
    const fake = server({ '/primetrust-creditcard-refresh-token': () => ok(tokenReply('cft_second')) });
    renderMethods('/methods/card', fake);
    await screen.findByTitle('Card details');
    post({ type: CARD_FORM_MESSAGE_TYPE, event: 'expired', purpose: 'add', token: 'cft_first' });
    await waitFor(() =>
      expect(screen.getByTitle('Card details')).toHaveAttribute('src', '/api/card-form?token=cft_second&lang=en'),
    );
    expect(fake.bodiesOf('/primetrust-creditcard-refresh-token')).toEqual([{ token: 'cft_first', lang: 'en' }]);
  });

  it('says clearly when the card form cannot be opened', async () => {
    const fake = server({
      '/primetrust-creditcard-widget-token': () =>
        fail(400, 'account_not_opened', 'Your account must be opened before adding a card'),
    });
    renderMethods('/methods/card', fake);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The card form is not available' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your account must be opened before adding a card')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('goes back to the list when the form is cancelled', async () => {
    renderMethods('/methods/card', server());
    await screen.findByTitle('Card details');
    post({ type: CARD_FORM_MESSAGE_TYPE, event: 'cancelled', purpose: 'add' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/methods$/));
  });
});
