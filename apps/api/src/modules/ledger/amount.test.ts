import { describe, expect, it } from 'vitest';
import { AmountError, fromMinorUnits, toMinorUnits } from './amount';

// The arithmetic and the grammar are the contracts' money module (tested there); here, the asset's decimals and the
// ledger's errors.
describe('ledger amounts: decimal strings <-> minor units of the asset', () => {
  it.each([
    ['100.5', 'USD', 10050n],
    ['0', 'USD', 0n],
    ['1.000001', 'USDC', 1000001n],
    ['123456789012345.99', 'USD', 12345678901234599n],
    ['0.00000001', 'BTC', 1n],
    // Ether in gwei (decision 093): 30 ETH fits a bigint, as 30 ETH in wei would not.
    ['30', 'ETH', 30n * 10n ** 9n],
  ])('reads %s %s as %s', (text, asset, minor) => {
    expect(toMinorUnits(text, asset)).toBe(minor);
  });

  it.each([
    ['1.001', 'USD', /^USD takes at most 2 decimals$/],
    ['1.0000001', 'USDC', /^USDC takes at most 6 decimals$/],
    ['1.0000000001', 'ETH', /^ETH takes at most 9 decimals$/],
    // 15 digits before the point pass the digits' rule, but not a bigint of minor units.
    ['999999999999999', 'ETH', /^The amount is too large$/],
    ['9999999999999', 'USDC', /^The amount is too large$/],
    ['-1.00', 'USD', /^The amount may not be negative$/],
    ['1e3', 'USD', /^"1e3" is not a decimal amount$/],
    [' 1', 'USD', /not a decimal/],
    ['01', 'USD', /not a decimal/],
    ['', 'USD', /^"" is not a decimal amount$/],
    ['1234567890123456', 'USD', /^The amount is too large$/],
    ['1', 'EUR', /^Unknown asset EUR$/],
  ])('refuses %j %s', (text, asset, message) => {
    expect(() => toMinorUnits(text, asset)).toThrow(AmountError);
    expect(() => toMinorUnits(text, asset)).toThrow(message);
  });

  it('refuses anything but a string, never going through a float', () => {
    expect(() => toMinorUnits(1.1 as unknown as string, 'USD')).toThrow('The amount must be a decimal string');
  });

  it('reads negatives only when asked', () => {
    expect(toMinorUnits('-0.05', 'USD', { allowNegative: true })).toBe(-5n);
  });

  it.each([
    [10000n, 'USD', '100.00'],
    [-5n, 'USD', '-0.05'],
    [1000001n, 'USDC', '1.000001'],
    [1n, 'BTC', '0.00000001'],
  ])('writes %s %s as %s', (minor, asset, text) => {
    expect(fromMinorUnits(minor, asset)).toBe(text);
  });

  it('writes only bigints of a known asset', () => {
    expect(() => fromMinorUnits(1n, 'EUR')).toThrow(/^Unknown asset EUR$/);
    expect(() => fromMinorUnits(1 as unknown as bigint, 'USD')).toThrow('Minor units must be a bigint');
  });
});
