import { describe, expect, it } from 'vitest';
import { assetNotSupportedMessage, normaliseSandboxAmount, sandboxAmountProblem } from './sandbox';

describe('sandbox amount rule', () => {
  it.each([
    [undefined, 2, 'Amount is required'],
    ['', 2, 'Amount is required'],
    ['0', 2, 'Amount must be greater than 0'],
    ['-1', 2, 'Amount must be greater than 0'],
    ['abc', 2, 'Amount must be a number'],
    ['1.', 2, 'Amount must be a number'],
    [Number.NaN, 2, 'Amount must be a number'],
    [true, 2, 'Amount must be a number'],
    ['1.001', 2, 'Amount can have at most 2 decimal places'],
    ['1.5', 0, 'Amount can have no decimal places'],
    ['1.0000001', 6, 'Amount can have at most 6 decimal places'],
    ['1000000000000000', 2, 'Amount is too large'],
    // Within 15 digits, but beyond the ledger's bigint of minor units.
    ['9223372037', 9, 'Amount is too large'],
    ['9223372036855', 6, 'Amount is too large'],
  ])('%j with %i decimals: %s', (value, decimals, message) => {
    expect(sandboxAmountProblem(value, decimals)).toBe(message);
  });

  it.each([
    ['1', 2],
    ['0.01', 2],
    ['9223372036', 9],
    [' 7.5 ', 2],
    [12.25, 2],
    ['0001.123456', 6],
  ])('accepts %j', (value, decimals) => {
    expect(sandboxAmountProblem(value, decimals)).toBeNull();
  });

  it('normalises for the ledger and names an unsupported asset', () => {
    expect(normaliseSandboxAmount('007.50')).toBe('7.50');
    expect(normaliseSandboxAmount(' 0.5 ')).toBe('0.5');
    expect(normaliseSandboxAmount(12)).toBe('12');
    expect(assetNotSupportedMessage('DOGE')).toBe('Asset DOGE not supported!');
  });
});
