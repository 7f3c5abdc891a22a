import { describe, expect, it } from 'vitest';
import type { CardMethod } from '@rampart/contracts';
import { cardAdded, cardRequestReducer, INITIAL_CARD_REQUEST } from './card-request';

const method: CardMethod = {
  fundsTransferMethodId: '0b8f0f7e-2b39-4b8e-a0b6-0e6c7b3f5d21',
  nickname: 'Visa 4242',
  fundsTransferMethod: 'credit_card',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  expiry: '12/30',
  funding: 'debit',
  expired: false,
};

describe('the card method request (document 1, section 4)', () => {
  it('goes not started, started, success', () => {
    expect(INITIAL_CARD_REQUEST.status).toBe('not_started');
    const started = cardRequestReducer(INITIAL_CARD_REQUEST, { type: 'start' });
    expect(started.status).toBe('started');
    const done = cardRequestReducer(started, { type: 'added', method });
    expect(done).toEqual({ status: 'success', errors: [], fields: {}, method });
    expect(cardAdded(done)).toBe(true);
  });

  it('is success even when the server answers errors, and keeps them', () => {
    const started = cardRequestReducer(INITIAL_CARD_REQUEST, { type: 'start' });
    const done = cardRequestReducer(started, {
      type: 'failed',
      errors: ['Unknown card'],
      fields: { nickname: 'Too long' },
    });
    expect(done).toEqual({
      status: 'success',
      errors: ['Unknown card'],
      fields: { nickname: 'Too long' },
      method: null,
    });
    expect(cardAdded(done)).toBe(false);
    // A new attempt clears the old errors.
    expect(cardRequestReducer(done, { type: 'start' })).toEqual({
      status: 'started',
      errors: [],
      fields: {},
      method: null,
    });
  });
});
