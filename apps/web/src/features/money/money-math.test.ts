import { describe, expect, it } from 'vitest';
import { amountProblem, breakdown, centsToDecimal, normaliseAmount, toCents } from './money-math';

describe('money math', () => {
  it('checks the amount as document 2 says', () => {
    expect(amountProblem('')).toBe('amountRequired');
    expect(amountProblem('   ')).toBe('amountRequired');
    expect(amountProblem('abc')).toBe('amountNotNumber');
    expect(amountProblem('.')).toBe('amountNotNumber');
    expect(amountProblem('1e3')).toBe('amountNotNumber');
    expect(amountProblem('0')).toBe('amountNotPositive');
    expect(amountProblem('0.00')).toBe('amountNotPositive');
    expect(amountProblem('-5')).toBe('amountNotPositive');
    expect(amountProblem('-1.005')).toBe('amountNotPositive');
    expect(amountProblem('0.000')).toBe('amountNotPositive');
    expect(amountProblem('1.005')).toBe('amountDecimals');
    expect(amountProblem('1234567890123456.005')).toBe('amountDecimals');
    expect(amountProblem('1234567890123456')).toBe('amountTooLarge');
    expect(amountProblem('0.01')).toBeNull();
    expect(amountProblem('100')).toBeNull();
    expect(amountProblem('.5')).toBeNull();
  });

  // The grammar and the arithmetic are the contracts' money module (tested there); here, the typed USD rules in use.
  it('converts between typed text and cents without floats', () => {
    expect(toCents(' 007.5 ')).toBe(750n);
    expect(toCents('.29')).toBe(29n);
    expect(toCents('999999999999999.99')).toBe(99999999999999999n);
    expect(toCents('x')).toBeNull();
    expect(toCents('0')).toBeNull();
    expect(toCents('1.005')).toBeNull();
    expect(centsToDecimal(-1500n)).toBe('-15.00');
    expect(normaliseAmount(' 007.5 ')).toBe('7.50');
    expect(normaliseAmount(' 1.005 ')).toBe('1.005');
  });

  it('adds the catalogue fee of each method (document 2, section 9)', () => {
    expect(breakdown('primex_ach', '100')).toEqual({ amount: 10000n, fee: 50n, total: 10050n });
    // 0.5% of 99 cents is 0.495 cent: under half a cent, so no fee (the catalogue's half-up rule).
    expect(breakdown('primex_ach', '0.99')?.fee).toBe(0n);
    expect(breakdown('primex_instant_ach', '10')).toEqual({ amount: 1000n, fee: 200n, total: 1200n });
    expect(breakdown('primex_card', '25')).toEqual({ amount: 2500n, fee: 100n, total: 2600n });
    expect(breakdown('primex_fedwire', '60')).toEqual({ amount: 6000n, fee: 1500n, total: 7500n });
    expect(breakdown('primex_swift_wire', '60')?.fee).toBe(2500n);
    expect(breakdown('primex_ach', '')).toBeNull();
  });
});
