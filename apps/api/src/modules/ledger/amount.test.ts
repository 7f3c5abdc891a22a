import { describe, expect, it } from 'vitest';
import { AmountError, fromMinorUnits, toMinorUnits } from './amount';
import { firstDifference } from './idempotency';

describe('ledger amounts: decimal strings <-> minor units', () => {
  it.each([
    ['100.00', 'USD', 10000n],
    ['100', 'USD', 10000n],
    ['100.5', 'USD', 10050n],
    ['0.01', 'USD', 1n],
    ['0', 'USD', 0n],
    ['1.000001', 'USDC', 1000001n],
    ['123456789012345.99', 'USD', 12345678901234599n],
  ])('reads %s %s as %s', (text, asset, minor) => {
    expect(toMinorUnits(text, asset)).toBe(minor);
  });

  it.each([
    ['1.001', 'USD', /at most 2 decimals/],
    ['1.0000001', 'USDC', /at most 6 decimals/],
    ['-1.00', 'USD', /negative/],
    ['1e3', 'USD', /not a decimal/],
    [' 1', 'USD', /not a decimal/],
    ['1.', 'USD', /not a decimal/],
    ['.5', 'USD', /not a decimal/],
    ['01', 'USD', /not a decimal/],
    ['+1', 'USD', /not a decimal/],
    ['1,00', 'USD', /not a decimal/],
    ['', 'USD', /not a decimal/],
    ['1234567890123456', 'USD', /too large/],
    ['1', 'EUR', /Unknown asset/],
  ])('refuses %j %s', (text, asset, message) => {
    expect(() => toMinorUnits(text, asset)).toThrow(AmountError);
    expect(() => toMinorUnits(text, asset)).toThrow(message);
  });

  it('refuses anything but a string, never going through a float', () => {
    expect(() => toMinorUnits(1.1 as unknown as string, 'USD')).toThrow(AmountError);
  });

  it('reads negatives only when asked', () => {
    expect(toMinorUnits('-0.05', 'USD', { allowNegative: true })).toBe(-5n);
  });

  it.each([
    [10000n, 'USD', '100.00'],
    [1n, 'USD', '0.01'],
    [0n, 'USD', '0.00'],
    [-5n, 'USD', '-0.05'],
    [1000001n, 'USDC', '1.000001'],
    [9223372036854775807n, 'USD', '92233720368547758.07'],
  ])('writes %s %s as %s', (minor, asset, text) => {
    expect(fromMinorUnits(minor, asset)).toBe(text);
  });

  it('round-trips', () => {
    for (const text of ['0.00', '0.10', '1.23', '999999.99'])
      expect(fromMinorUnits(toMinorUnits(text, 'USD'), 'USD')).toBe(text);
    for (const text of ['0.000001', '12.345678']) expect(fromMinorUnits(toMinorUnits(text, 'USDC'), 'USDC')).toBe(text);
  });
});

describe('idempotency parameter comparison', () => {
  it('names the first differing field', () => {
    expect(firstDifference({ a: 1, b: [{ c: '1' }] }, { b: [{ c: '1' }], a: 1 })).toBeNull();
    expect(firstDifference({ postings: [{ amount: '1' }] }, { postings: [{ amount: '2' }] })).toBe(
      'postings[0].amount',
    );
    expect(firstDifference({ postings: [1] }, { postings: [1, 2] })).toBe('postings');
    expect(firstDifference({ metadata: {} }, { metadata: { x: 'y' } })).toBe('metadata.x');
  });
});
