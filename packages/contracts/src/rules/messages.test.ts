import { describe, expect, it } from 'vitest';
import {
  RULE_CODES,
  RULE_LANGS,
  RULE_MESSAGES,
  formatRuleMessage,
  isRuleCode,
  translateFailure,
  type Rule,
  type RuleCode,
} from './index';
import * as rules from './index';
import { addressRule, memoRule, validateAddress } from '../networks';

const unknownNetwork: Rule = (value) => {
  const result = validateAddress('dogecoin', value);
  return result.ok ? undefined : { code: result.code, message: result.message };
};

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

// Entries whose Spanish is rightly the same as the English (a bare acronym would be); none today.
const IDENTICAL_ALLOWED: ReadonlySet<RuleCode> = new Set<RuleCode>();

describe('rule message catalogue', () => {
  it('has exactly the same codes in Spanish as in English', () => {
    expect(Object.keys(RULE_MESSAGES.es).sort()).toEqual(Object.keys(RULE_MESSAGES.en).sort());
    expect([...RULE_CODES].sort()).toEqual(Object.keys(RULE_MESSAGES.en).sort());
    expect(RULE_LANGS).toEqual(['en', 'es']);
  });

  it('translates every message rather than copying the English', () => {
    const copied = RULE_CODES.filter((code) => RULE_MESSAGES.es[code] === RULE_MESSAGES.en[code]);
    expect(copied.filter((code) => !IDENTICAL_ALLOWED.has(code))).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    for (const code of RULE_CODES) {
      expect(placeholders(RULE_MESSAGES.es[code]), code).toEqual(placeholders(RULE_MESSAGES.en[code]));
    }
  });

  it('keeps the document 2 texts word for word', () => {
    expect(RULE_MESSAGES.en).toMatchObject({
      required: 'A value is required',
      string: 'Only String type accepted',
      equals: 'Value must be equal to constant {{value}}',
      length: 'Value length must be equal to {{n}}',
      minLength: 'Value must be at least {{n}} characters',
      maxLength: 'Value must be less than {{n}} characters',
      hex: 'Value is not a valid hexadecimal',
      pattern: 'Value does not match to the pattern',
      startsWith: 'Value must starts with {{value}}',
      endsWith: 'Value must ends with {{value}}',
      contains: 'Value must contain {{value}}',
      oneOf: 'Value does not exist in the required list',
      noneOf: 'Value exist in the excluded list',
      romanized: 'Value only allows romanized characters',
      primeTrustAccount: 'Value is not a valid Prime Trust account. Should be a 12-digit number.',
      invalidCountryCode: 'Invalid country code',
    });
  });

  it("uses the document's kind words in 'Value is not a valid <kind>'", () => {
    expect(RULE_MESSAGES.en).toMatchObject({
      ip: 'Value is not a valid IP',
      ipv4: 'Value is not a valid IPv4',
      ipv6: 'Value is not a valid IPv6',
      city: 'Value is not a valid address city',
      postalCode: 'Value is not a valid postal',
      phone: 'Value is not a valid phone',
      email: 'Value is not a valid email',
      hostname: 'Value is not a valid host name',
      uriReference: 'Value is not a valid URI reference',
      inetAddress: 'Value is not a valid INET address',
      street2: 'Value is not a valid street line 2',
      totp: 'Value is not a valid TOTP number',
    });
  });

  it('interpolates i18next-style placeholders in either language', () => {
    expect(formatRuleMessage('minLength', { n: 8 })).toBe('Value must be at least 8 characters');
    expect(formatRuleMessage('minLength', { n: 8 }, 'es')).toBe('El valor debe tener al menos 8 caracteres');
    expect(formatRuleMessage('startsWith', { value: '0x' }, 'es')).toBe('El valor debe empezar por 0x');
    expect(formatRuleMessage('required', {}, 'es')).toBe('Se requiere un valor');
  });

  it('leaves a placeholder whose parameter is missing visible instead of printing undefined', () => {
    expect(formatRuleMessage('length')).toBe('Value length must be equal to {{n}}');
  });

  it('recognises rule codes', () => {
    expect(isRuleCode('iban')).toBe(true);
    expect(isRuleCode('toString')).toBe(false);
    expect(isRuleCode(3)).toBe(false);
  });

  it('translates a failure from its code and parameters', () => {
    const failure = rules.maxLength(3)('abcd');
    expect(failure).toBeDefined();
    if (failure) expect(translateFailure(failure, 'es')).toBe('El valor debe tener menos de 3 caracteres');
  });
});

// The words for zod's own checks (zod-messages.ts), produced by zod, not by a rule: zod-messages.test.ts.
const ZOD_WORDED = ['object', 'integer', 'boolean', 'list', 'minimum', 'maximum', 'invalid', 'unknownFields'] as const;

// One failing value per code, through the public rules, so no catalogue entry is unreachable.
const FAILING: Record<Exclude<RuleCode, 'invalidCountryCode' | (typeof ZOD_WORDED)[number]>, [Rule, unknown]> = {
  required: [rules.required, '  '],
  string: [rules.isString, 42],
  characters: [rules.safeText, 'a\u0000b'],
  equals: [rules.equals('a'), 'b'],
  length: [rules.length(2), 'abc'],
  minLength: [rules.minLength(2), 'a'],
  maxLength: [rules.maxLength(2), 'abc'],
  hex: [rules.hex, 'xyz'],
  hexBytes: [rules.hexBytes(2), 'ab'],
  maxBytes: [rules.maxBytes(1), 'é'],
  pattern: [rules.pattern(/^a$/), 'b'],
  startsWith: [rules.startsWith('a'), 'b'],
  endsWith: [rules.endsWith('a'), 'b'],
  contains: [rules.contains('a'), 'b'],
  oneOf: [rules.oneOf(['a']), 'b'],
  noneOf: [rules.noneOf(['a']), 'a'],
  romanized: [rules.romanized, 'é'],
  number: [rules.maxDecimals(2), 'abc'],
  maxDecimals: [rules.maxDecimals(2), '1.234'],
  primeTrustAccount: [rules.primeTrustAccount, '123'],
  accountNumber: [rules.accountNumber, '12'],
  email: [rules.email, 'nope'],
  hostname: [rules.hostname, '-bad'],
  ip: [rules.ip, '1.2.3'],
  ipv4: [rules.ipv4, '1.2.3'],
  ipv6: [rules.ipv6, '1.2.3.4'],
  uri: [rules.uri, 'nope'],
  uriReference: [rules.uriReference, 'a b'],
  inetAddress: [rules.inetAddress, 'a b'],
  uuid: [rules.uuid, 'nope'],
  countryCode: [rules.countryCode, 'ZZ'],
  city: [rules.city, '!!'],
  postalCode: [rules.postalCode('US'), '1234'],
  region: [rules.region, '!!'],
  street: [rules.street, '!!'],
  street2: [rules.street2, '!!'],
  phone: [rules.phone, '12'],
  fullName: [rules.fullName, '!!'],
  firstName: [rules.firstName, '!!'],
  lastName: [rules.lastName, '!!'],
  middleName: [rules.middleName, 'x'],
  ethAddress: [rules.ethAddress, '0x12'],
  bnbAddress: [rules.bnbAddress, 'bnb1'],
  address: [addressRule('xrpl'), 'r12'],
  destinationTag: [memoRule('xrpl'), '-1'],
  memo: [memoRule('stellar'), 'x'.repeat(29)],
  network: [unknownNetwork, 'D12'],
  memoNotUsed: [memoRule('ethereum'), '123'],
  abaRoutingNumber: [rules.abaRoutingNumber, '123'],
  swiftCode: [rules.swiftCode, 'DEUT'],
  totp: [rules.totp, '12345'],
  iban: [rules.iban, 'GB00'],
};

describe('every catalogue entry is produced by a rule', () => {
  it.each(Object.entries(FAILING))('%s', (code, [rule, value]) => {
    const failure = rule(value);
    expect(failure?.code).toBe(code);
    expect(failure?.message).toBe(formatRuleMessage(code as RuleCode, failure?.params));
  });

  it('covers all codes but the thrown one', () => {
    expect([...Object.keys(FAILING), 'invalidCountryCode', ...ZOD_WORDED].sort()).toEqual([...RULE_CODES].sort());
  });
});
