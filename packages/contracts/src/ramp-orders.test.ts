import { describe, expect, it } from 'vitest';
import {
  CreateOrderRequest,
  ORDER_CANCELLABLE_STATUSES,
  ORDER_FINAL_STATUSES,
  ORDER_STEPS,
  OrderIdRequest,
  SHORT_ID_PATTERN,
  TRACKING_ID_PATTERN,
  TrackingRequest,
  trackingPath,
} from './ramp-orders';

describe('ramp orders contract', () => {
  it('builds the tracking path the mail and the short link use', () => {
    expect(trackingPath('abc_DEF-123')).toBe('/trade/track?tracking_id=abc_DEF-123');
    expect(trackingPath('a b')).toBe('/trade/track?tracking_id=a%20b');
  });

  it('recognises tracking and short ids by their length and alphabet', () => {
    expect(TRACKING_ID_PATTERN.test('A'.repeat(22))).toBe(true);
    expect(TRACKING_ID_PATTERN.test('A'.repeat(21))).toBe(false);
    expect(TRACKING_ID_PATTERN.test(`${'A'.repeat(21)}/`)).toBe(false);
    expect(SHORT_ID_PATTERN.test('abc-_12345')).toBe(true);
    expect(SHORT_ID_PATTERN.test('abc')).toBe(false);
  });

  it('keeps the states of ARCHITECTURE.md section 5', () => {
    expect(ORDER_STEPS.buy).toEqual(['awaiting_funds', 'funds_received', 'delivering', 'completed']);
    expect(ORDER_STEPS.sell).toEqual(['awaiting_deposit', 'deposit_received', 'paying_out', 'completed']);
    expect(ORDER_CANCELLABLE_STATUSES).toEqual(['awaiting_funds', 'awaiting_deposit']);
    expect(ORDER_FINAL_STATUSES).not.toContain('failed');
  });

  it('refuses a missing quote id or order id with the catalogue message, and unknown fields', () => {
    const quote = CreateOrderRequest.safeParse({});
    expect(quote.success ? null : quote.error.issues[0]?.message).toBe('A quote is required');
    expect(CreateOrderRequest.safeParse({ quoteId: '  ' }).success).toBe(false);
    expect(OrderIdRequest.safeParse({ orderId: 'x', more: 1 }).success).toBe(false);
    expect(TrackingRequest.safeParse(undefined).success).toBe(true);
    expect(TrackingRequest.safeParse({ tracking_id: 'x' }).success).toBe(true);
  });
});
