import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_METHOD_KEYS,
  TRANSFER_METHODS,
  TRANSFER_METHOD_TICKERS,
  WITHDRAWAL_METHOD_KEYS,
  transferFee,
} from './transfer-methods';
import { addBankingDays, bankingDayOf, expectedSettlement, isBankingDay } from './banking-days';

describe('transfer methods (document 2, section 9; R13)', () => {
  it('serve deposits and withdrawals as R13 says', () => {
    expect(DEPOSIT_METHOD_KEYS).toEqual([
      'primex_ach',
      'primex_instant_ach',
      'primex_card',
      'primex_fedwire',
      'primex_swift_wire',
    ]);
    expect(WITHDRAWAL_METHOD_KEYS).toEqual(['primex_ach', 'primex_fedwire', 'primex_swift_wire']);
  });

  it("carry document 1's tickers, both wires under PRIMEX, and keep the payment method key as the key", () => {
    expect(Object.values(TRANSFER_METHODS).map((m) => [m.key, m.ticker])).toEqual([
      ['primex_ach', 'ACH_PLAID'],
      ['primex_instant_ach', 'INSTANT_ACH_PLAID'],
      ['primex_card', 'PT_CARD'],
      ['primex_fedwire', 'PRIMEX'],
      ['primex_swift_wire', 'PRIMEX'],
      ['primex_usd', 'PRIMETRUST_TRANSFER'],
    ]);
    expect([...new Set(Object.values(TRANSFER_METHODS).map((m) => m.ticker))].sort()).toEqual(
      [...TRANSFER_METHOD_TICKERS].sort(),
    );
  });

  it("describe their settlement in the words of document 2, section 9's method list (decision 066)", () => {
    expect(Object.values(TRANSFER_METHODS).map((m) => [m.key, m.settlementText, m.settlementDescription])).toEqual([
      ['primex_ach', 'fiveBusinessDays', '5 business days'],
      ['primex_instant_ach', 'instant', 'Instant'],
      ['primex_card', 'twelveHours', '12 hours'],
      ['primex_fedwire', 'oneBusinessDay', '1 business day'],
      ['primex_swift_wire', 'threeToFiveBusinessDays', '3-5 business days'],
      ['primex_usd', 'instant', 'Instant'],
    ]);
  });

  it('settle on the banking day their description names', () => {
    // Started on a Monday morning in New York: ACH (5 business days) lands the next Monday; the international wire
    // (3-5 business days) on the Thursday, its earliest.
    const from = new Date('2026-11-02T15:00:00Z');
    expect(bankingDayOf(expectedSettlement('primex_ach', from))).toBe('2026-11-09');
    expect(bankingDayOf(expectedSettlement('primex_swift_wire', from))).toBe('2026-11-05');
  });
});

describe('transferFee: one rounding rule (percentages round half up to the cent)', () => {
  it.each([
    ['primex_ach', 10_000n, 50n], // $100.00 at 0.5% = $0.50
    ['primex_ach', 100n, 1n], // $1.00 at 0.5% = 0.5 cent: half rounds up
    ['primex_ach', 99n, 0n], // 0.495 cent rounds down
    ['primex_ach', 10_001n, 50n], // 50.005 cents rounds down to 50
    ['primex_ach', 10_100n, 51n], // 50.5 cents rounds up
    ['primex_ach', 0n, 0n],
    ['primex_card', 1_013n, 41n], // $10.13 at 4% = 40.52 cents
    ['primex_card', 10_000n, 400n],
    ['primex_card', 1_012n, 40n], // 40.48 cents
    ['primex_instant_ach', 1n, 200n],
    ['primex_instant_ach', 10_000_000n, 200n],
    ['primex_fedwire', 6_000n, 1_500n],
    ['primex_swift_wire', 6_000n, 2_500n],
    ['primex_usd', 6_000n, 0n],
    ['ach', 20_000n, 100n],
    ['us_wire', 1n, 1_500n],
  ] as const)('%s of %i cents is %i cents', (method, amount, fee) => {
    expect(transferFee(method, amount)).toBe(fee);
  });

  it('refuses a negative or non-bigint amount', () => {
    expect(() => transferFee('primex_ach', -1n)).toThrow(TypeError);
    expect(() => transferFee('primex_ach', 100 as unknown as bigint)).toThrow(TypeError);
  });

  it('is exact on amounts beyond a float', () => {
    expect(transferFee('primex_ach', 900_719_925_474_099_300n)).toBe(4_503_599_627_370_497n);
  });
});

describe('US banking days (weekends and Federal Reserve holidays)', () => {
  it.each([
    ['2026-11-26', false], // Thanksgiving
    ['2026-11-27', true], // the Friday after is a banking day
    ['2026-12-25', false], // Christmas (a Friday)
    ['2026-11-11', false], // Veterans Day
    ['2026-10-12', false], // Columbus Day
    ['2026-07-03', true], // Independence Day falls on a Saturday in 2026: the Fed takes no Friday off
    ['2026-07-04', false], // a Saturday
    ['2027-12-24', true], // Christmas 2027 is a Saturday: the Friday before is open
    ['2022-12-26', false], // Christmas 2022 fell on a Sunday: observed the Monday after
    ['2026-11-23', true],
    ['2026-11-22', false], // a Sunday
    ['2026-06-19', false], // Juneteenth
    ['2027-01-18', false], // Martin Luther King Jr. Day
  ])('%s is a banking day: %s', (day, open) => {
    expect(isBankingDay(day)).toBe(open);
  });

  it('counts banking days strictly after a day', () => {
    expect(addBankingDays('2026-11-20', 5)).toBe('2026-11-30'); // a Friday deposit: Thanksgiving skipped
    expect(addBankingDays('2026-11-25', 1)).toBe('2026-11-27');
    expect(addBankingDays('2026-12-24', 1)).toBe('2026-12-28'); // over Christmas and the weekend
    expect(addBankingDays('2026-12-31', 1)).toBe('2027-01-04'); // New Year's Day 2027 is a Friday
    expect(addBankingDays('2026-11-21', 3)).toBe('2026-11-25'); // from a Saturday
  });

  it('reads the day in New York', () => {
    expect(bankingDayOf(new Date('2026-11-27T03:00:00Z'))).toBe('2026-11-26'); // 22:00 in New York
    expect(bankingDayOf(new Date('2026-11-27T05:00:00Z'))).toBe('2026-11-27');
  });

  it('dates settlements by method', () => {
    const friday = new Date('2026-11-20T15:30:00Z');
    expect(expectedSettlement('primex_ach', friday).toISOString()).toBe('2026-11-30T15:30:00.000Z');
    expect(expectedSettlement('primex_fedwire', new Date('2026-11-25T15:30:00Z')).toISOString()).toBe(
      '2026-11-27T15:30:00.000Z',
    );
    expect(expectedSettlement('primex_swift_wire', new Date('2026-12-23T15:30:00Z')).toISOString()).toBe(
      '2026-12-29T15:30:00.000Z',
    );
    expect(expectedSettlement('primex_card', friday).toISOString()).toBe('2026-11-21T03:30:00.000Z');
    expect(expectedSettlement('primex_instant_ach', friday).toISOString()).toBe(friday.toISOString());
  });
});
