import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, RAMP_QUOTE_MESSAGES } from '@rampart/contracts';
import es from '../../locales/trade/es.json';
import { orderMessageKey } from './order-server-text';
import { tradeMessageKey } from './server-text';

describe('the trade pages read the server’s English messages (decision 003)', () => {
  it('finds plain and templated ramp and order messages with their parameters', () => {
    expect(orderMessageKey(ORDER_MESSAGES.insufficientFunds)).toEqual({ key: 'insufficientFunds', params: {} });
    expect(orderMessageKey(RAMP_QUOTE_MESSAGES.quoteExpired)).toEqual({ key: 'quoteExpired', params: {} });
    // The buy form's table (estimates) has the ramp's messages only, so its chunk does not carry the orders' contracts.
    expect(tradeMessageKey(ORDER_MESSAGES.insufficientFunds)).toBeUndefined();
    expect(tradeMessageKey(RAMP_QUOTE_MESSAGES.weeklyLimitExceeded('250.00'))).toEqual({
      key: 'weeklyLimitExceeded',
      params: { remaining: '250.00' },
    });
    expect(tradeMessageKey(RAMP_QUOTE_MESSAGES.amountBelowMinimum('10.000000', 'USDS'))).toEqual({
      key: 'amountBelowMinimum',
      params: { minimum: '10.000000', ticker: 'USDS' },
    });
    expect(tradeMessageKey('Something nobody wrote')).toBeUndefined();
  });

  it('has a Spanish text for every message it recognises', () => {
    const keys = [
      'insufficientFunds',
      'weeklyLimitExceeded',
      'amountBelowMinimum',
      'quoteExpired',
      'priceUnavailable',
      'failedToExecute',
    ];
    for (const key of keys) expect((es.server as Record<string, string>)[key], key).toBeTruthy();
    expect(es.server.weeklyLimitExceeded).toContain('{{remaining}}');
  });
});
