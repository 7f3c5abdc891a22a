import { describe, expect, it } from 'vitest';
import {
  MAX_AMOUNT_INTEGER_DIGITS,
  MAX_AMOUNT_MINOR,
  decimalToMinor,
  minorToDecimal,
  readDecimal,
  type DecimalProblem,
  type DecimalRules,
} from './money';

const minorOf = (text: string, rules: DecimalRules) => {
  const reading = readDecimal(text, rules);
  return reading.ok ? reading.minor : null;
};
const problemOf = (text: string, rules: DecimalRules) => {
  const reading = readDecimal(text, rules);
  return reading.ok ? null : reading.problem;
};

// The ledger's rules (apps/api ledger amount.ts) and the SPA's typed USD amount (apps/web money-math.ts).
const LEDGER_USD: DecimalRules = { decimals: 2, maxIntegerDigits: MAX_AMOUNT_INTEGER_DIGITS };
const TYPED_USD: DecimalRules = {
  decimals: 2,
  maxIntegerDigits: MAX_AMOUNT_INTEGER_DIGITS,
  refuseZero: true,
  form: 'typed',
};

describe('decimal text -> minor units, as on the wire', () => {
  it.each([
    ['100.00', 2, 10000n],
    ['100', 2, 10000n],
    ['100.5', 2, 10050n],
    ['0.01', 2, 1n],
    ['0', 2, 0n],
    ['1.000001', 6, 1000001n],
    ['0.000001', 6, 1n],
    ['1', 18, 10n ** 18n],
    ['5', 0, 5n],
    ['123456789012345.99', 2, 12345678901234599n],
    ['999999999999999999', 0, 999999999999999999n],
  ])('reads %s with %i decimals as %s', (text, decimals, minor) => {
    expect(decimalToMinor(text, decimals)).toBe(minor);
    expect(readDecimal(text, { decimals })).toEqual({ ok: true, minor });
  });

  it.each<[string, DecimalProblem]>([
    ['', 'empty'],
    [' 1', 'notDecimal'],
    ['1 ', 'notDecimal'],
    ['1e3', 'notDecimal'],
    ['1.', 'notDecimal'],
    ['.5', 'notDecimal'],
    ['01', 'notDecimal'],
    ['00.5', 'notDecimal'],
    ['+1', 'notDecimal'],
    ['1,00', 'notDecimal'],
    ['abc', 'notDecimal'],
    ['-1', 'negative'],
    ['-1.00', 'negative'],
    ['1.001', 'tooManyDecimals'],
    ['1.5', 'tooManyDecimals'],
    ['1234567890123456789', 'tooLarge'],
  ])('refuses %j as %s, never rounding', (text, problem) => {
    const decimals = text === '1.5' ? 0 : 2;
    expect(problemOf(text, { decimals })).toBe(problem);
    expect(decimalToMinor(text, decimals)).toBeNull();
  });

  it('refuses anything but a string, never going through a float', () => {
    expect(problemOf(1.1 as unknown as string, { decimals: 2 })).toBe('notDecimal');
    expect(decimalToMinor(1 as unknown as string, 2)).toBeNull();
  });

  it('has a limit of digits before the point: 18 unless told (amounts: 15)', () => {
    expect(MAX_AMOUNT_INTEGER_DIGITS).toBe(15);
    expect(minorOf('999999999999999', LEDGER_USD)).toBe(99999999999999900n);
    expect(problemOf('1234567890123456', LEDGER_USD)).toBe('tooLarge');
    expect(decimalToMinor('1234567890123456', 2)).toBe(123456789012345600n);
  });

  it('refuses, under maxMinor, an amount whose minor units pass a bigint (the ledger keeps bigints)', () => {
    const ether = { decimals: 9, maxIntegerDigits: MAX_AMOUNT_INTEGER_DIGITS, maxMinor: MAX_AMOUNT_MINOR };
    expect(MAX_AMOUNT_MINOR).toBe(9223372036854775807n);
    expect(minorOf('9223372036.854775807', ether)).toBe(MAX_AMOUNT_MINOR);
    expect(problemOf('9223372036.854775808', ether)).toBe('tooLarge');
    expect(problemOf('999999999999999', ether)).toBe('tooLarge');
  });

  it('reads a minus only when allowed', () => {
    expect(minorOf('-0.05', { ...LEDGER_USD, allowNegative: true })).toBe(-5n);
    expect(minorOf('-0', { ...LEDGER_USD, allowNegative: true })).toBe(0n);
    expect(problemOf('-0.05', LEDGER_USD)).toBe('negative');
    expect(problemOf('-1e3', { ...LEDGER_USD, allowNegative: true })).toBe('notDecimal');
  });

  it('reports the first fault: sign, then zero, then decimals, then size', () => {
    expect(problemOf('-1.001', LEDGER_USD)).toBe('negative');
    expect(problemOf('1234567890123456.001', LEDGER_USD)).toBe('tooManyDecimals');
    expect(problemOf('-0.000', TYPED_USD)).toBe('negative');
    expect(problemOf('0.000', TYPED_USD)).toBe('zero');
  });
});

describe('decimal text -> minor units, as typed', () => {
  it.each([
    ['12.5', 1250n],
    ['0.1', 10n],
    ['.29', 29n],
    ['5.', 500n],
    [' 007.5 ', 750n],
    ['0.01', 1n],
    ['100', 10000n],
    ['999999999999999.99', 99999999999999999n],
    ['0000000000000001', 100n],
  ])('reads %j as %s', (text, minor) => {
    expect(minorOf(text, TYPED_USD)).toBe(minor);
  });

  it.each<[string, DecimalProblem]>([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'notDecimal'],
    ['.', 'notDecimal'],
    ['-', 'notDecimal'],
    ['1e3', 'notDecimal'],
    ['1,00', 'notDecimal'],
    ['0', 'zero'],
    ['0.00', 'zero'],
    ['-5', 'negative'],
    ['-.5', 'negative'],
    ['1.005', 'tooManyDecimals'],
    ['1234567890123456', 'tooLarge'],
  ])('refuses %j as %s', (text, problem) => {
    expect(problemOf(text, TYPED_USD)).toBe(problem);
  });

  it('reads zero unless refused', () => {
    expect(minorOf(' 0 ', { decimals: 2, form: 'typed' })).toBe(0n);
  });
});

describe('minor units -> decimal text', () => {
  it.each([
    [10050n, 2, '100.50'],
    [10000n, 2, '100.00'],
    [1250n, 2, '12.50'],
    [1n, 2, '0.01'],
    [5n, 2, '0.05'],
    [0n, 2, '0.00'],
    [-5n, 2, '-0.05'],
    [-1500n, 2, '-15.00'],
    [1000001n, 6, '1.000001'],
    [1n, 8, '0.00000001'],
    [5n, 0, '5'],
    [9223372036854775807n, 2, '92233720368547758.07'],
  ])('writes %s with %i decimals as %s: always exactly that many places', (minor, decimals, text) => {
    expect(minorToDecimal(minor, decimals)).toBe(text);
  });

  it('round-trips', () => {
    for (const text of ['0.00', '0.10', '1.23', '999999.99'])
      expect(minorToDecimal(decimalToMinor(text, 2)!, 2)).toBe(text);
    for (const text of ['0.000001', '12.345678']) expect(minorToDecimal(decimalToMinor(text, 6)!, 6)).toBe(text);
  });
});
