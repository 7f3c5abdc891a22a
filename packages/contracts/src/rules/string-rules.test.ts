import { describe, expect, it } from 'vitest';
import {
  contains,
  endsWith,
  equals,
  firstFailure,
  isSafeText,
  isString,
  length,
  MAX_RULE_INPUT,
  maxBytes,
  maxDecimals,
  maxLength,
  minLength,
  unsafeTextPath,
  noneOf,
  oneOf,
  pattern,
  required,
  romanized,
  startsWith,
  stringRule,
  utf8ByteLength,
} from './index';

const STRING_ONLY = { code: 'string', message: 'Only String type accepted' };

describe('required', () => {
  it('passes a value', () => {
    expect(required('x')).toBeUndefined();
  });

  it.each([undefined, null, '', '   ', '\t\n'])('refuses %j', (value) => {
    expect(required(value)).toEqual({ code: 'required', message: 'A value is required' });
  });

  it('refuses a non-string that is present', () => {
    expect(required(0)).toEqual(STRING_ONLY);
  });
});

describe('isString', () => {
  it('passes any string, empty included', () => {
    expect(isString('')).toBeUndefined();
  });

  it.each([1, true, {}, [], undefined, null])('refuses %j', (value) => {
    expect(isString(value)).toEqual(STRING_ONLY);
  });

  it('applies to every parameterised rule', () => {
    for (const rule of [
      equals('a'),
      length(1),
      minLength(1),
      maxLength(1),
      pattern(/a/),
      oneOf(['a']),
      romanized,
      maxDecimals(2),
      maxBytes(3),
    ]) {
      expect(rule(5)).toEqual(STRING_ONLY);
    }
  });
});

describe('equals', () => {
  it('passes the constant and refuses anything else', () => {
    expect(equals('USD')('USD')).toBeUndefined();
    expect(equals('USD')('usd')).toEqual({
      code: 'equals',
      message: 'Value must be equal to constant USD',
      params: { value: 'USD' },
    });
  });
});

describe('lengths', () => {
  it('length(n) wants exactly n characters', () => {
    expect(length(4)('1234')).toBeUndefined();
    expect(length(4)('123')?.message).toBe('Value length must be equal to 4');
    expect(length(4)('12345')?.message).toBe('Value length must be equal to 4');
  });

  it('minLength(n) wants at least n characters', () => {
    expect(minLength(8)('12345678')).toBeUndefined();
    expect(minLength(8)('1234567')).toEqual({
      code: 'minLength',
      message: 'Value must be at least 8 characters',
      params: { n: 8 },
    });
  });

  it('maxLength(n) allows n characters and refuses n + 1', () => {
    expect(maxLength(5)('12345')).toBeUndefined();
    expect(maxLength(5)('123456')).toEqual({
      code: 'maxLength',
      message: 'Value must be less than 5 characters',
      params: { n: 5 },
    });
  });

  it('counts an astral character once', () => {
    expect(length(1)('😀')).toBeUndefined();
    expect(maxLength(1)('😀')).toBeUndefined();
  });
});

describe('pattern', () => {
  it('passes a match and refuses a miss', () => {
    expect(pattern(/^\d+$/)('123')).toBeUndefined();
    expect(pattern(/^\d+$/)('12a')).toEqual({
      code: 'pattern',
      message: 'Value does not match to the pattern',
      params: { pattern: '^\\d+$' },
    });
  });

  it('gives the same answer every time for a global regular expression', () => {
    const rule = pattern(/a/g);
    expect([rule('a'), rule('a'), rule('a')]).toEqual([undefined, undefined, undefined]);
  });
});

describe('startsWith, endsWith, contains', () => {
  it('startsWith', () => {
    expect(startsWith('0x')('0xab')).toBeUndefined();
    expect(startsWith('0x')('ab0x')?.message).toBe('Value must starts with 0x');
  });

  it('endsWith', () => {
    expect(endsWith('.com')('a.com')).toBeUndefined();
    expect(endsWith('.com')('a.org')?.message).toBe('Value must ends with .com');
  });

  it('contains', () => {
    expect(contains('@')('a@b')).toBeUndefined();
    expect(contains('@')('ab')).toEqual({ code: 'contains', message: 'Value must contain @', params: { value: '@' } });
  });
});

describe('oneOf and noneOf', () => {
  it('oneOf', () => {
    expect(oneOf(['ach', 'wire'])('ach')).toBeUndefined();
    expect(oneOf(['ach', 'wire'])('card')).toEqual({
      code: 'oneOf',
      message: 'Value does not exist in the required list',
    });
  });

  it('noneOf', () => {
    expect(noneOf(['chime'])('chase')).toBeUndefined();
    expect(noneOf(['chime'])('chime')).toEqual({ code: 'noneOf', message: 'Value exist in the excluded list' });
  });
});

describe('romanized (R8)', () => {
  it('passes printable ASCII', () => {
    expect(romanized("Jose O'Brien-Smith")).toBeUndefined();
  });

  it.each(['José', 'Łukasz', '李', 'a\u0000b'])('refuses %j', (value) => {
    expect(romanized(value)).toEqual({ code: 'romanized', message: 'Value only allows romanized characters' });
  });
});

describe('maxDecimals', () => {
  const twoPlaces = maxDecimals(2);

  it.each(['10', '10.5', '10.25', '.25', '-3.1', '+7', '1.2500', '10.'])('passes %j', (value) => {
    expect(twoPlaces(value)).toBeUndefined();
  });

  it('refuses a third decimal place', () => {
    expect(twoPlaces('10.255')).toEqual({
      code: 'maxDecimals',
      message: 'Value must have at most 2 decimal places',
      params: { n: 2 },
    });
  });

  it('allows no decimals when n is 0', () => {
    expect(maxDecimals(0)('12')).toBeUndefined();
    expect(maxDecimals(0)('12.5')?.message).toBe('Value must have at most 0 decimal places');
  });

  it.each(['', 'abc', '1,5', '1.2.3', '1e5', '.'])('refuses the non-number %j', (value) => {
    expect(twoPlaces(value)).toEqual({ code: 'number', message: 'Value is not a valid number' });
  });
});

describe('maxBytes', () => {
  it('counts UTF-8 bytes', () => {
    expect(utf8ByteLength('a')).toBe(1);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('€')).toBe(3);
    expect(utf8ByteLength('😀')).toBe(4);
  });

  it('passes at the limit and refuses past it', () => {
    expect(maxBytes(4)('éé')).toBeUndefined();
    expect(maxBytes(4)('ééa')).toEqual({
      code: 'maxBytes',
      message: 'Value must be at most 4 bytes',
      params: { n: 4 },
    });
  });
});

describe('firstFailure', () => {
  it('reports the first failing rule in order', () => {
    const rules = [required, minLength(3), startsWith('x')];
    expect(firstFailure('', rules)?.code).toBe('required');
    expect(firstFailure('ab', rules)?.code).toBe('minLength');
    expect(firstFailure('abc', rules)?.code).toBe('startsWith');
    expect(firstFailure('xbc', rules)).toBeUndefined();
  });
});

describe('safe text (NUL and lone surrogates)', () => {
  it.each(['', 'plain', 'José 李', '😀 paired surrogates', 'tab\tand\nnewline'])('accepts %j', (value) => {
    expect(isSafeText(value)).toBe(true);
  });

  it.each(['a\u0000b', '\ud800', 'a\ud83db', '\ude00x', '\ude00\ud83d'])('refuses %j', (value) => {
    expect(isSafeText(value)).toBe(false);
  });

  it('names the path of the first unsafe value, or the object holding an unsafe key', () => {
    expect(unsafeTextPath({ a: 'x', b: [1, 'ok', { c: 'bad\u0000' }] })).toEqual(['b', 2, 'c']);
    expect(unsafeTextPath({ a: { ['k\ud800']: 1 } })).toEqual(['a']);
    expect(unsafeTextPath('\u0000')).toEqual([]);
    expect(unsafeTextPath({ a: 'x', b: [null, 1, true] })).toBeUndefined();
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unsafeTextPath(deep)).toHaveLength(100_000);
  });
});

describe('input bound', () => {
  it('fails a rule on input longer than MAX_RULE_INPUT without running its test', () => {
    let ran = 0;
    const rule = stringRule('pattern', () => {
      ran += 1;
      return true;
    });
    expect(rule('x'.repeat(MAX_RULE_INPUT))).toBeUndefined();
    expect(rule('x'.repeat(MAX_RULE_INPUT + 1))?.code).toBe('pattern');
    expect(ran).toBe(1);
  });
});
