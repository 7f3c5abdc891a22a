import { ruleFailure, stringRule, type Rule } from './rule';

// Lengths count code points, not UTF-16 units, so an emoji or an astral letter is one character.
const charCount = (value: string): number => [...value].length;

/** 'A value is required': undefined, null, empty and whitespace-only all count as missing. */
export const required: Rule = (value) => {
  if (value === undefined || value === null) return ruleFailure('required');
  if (typeof value !== 'string') return ruleFailure('string');
  return value.trim() === '' ? ruleFailure('required') : undefined;
};

/** 'Only String type accepted', for a field that takes any string. */
export const isString: Rule = stringRule('string', () => true);

export const equals = (expected: string): Rule => stringRule('equals', (v) => v === expected, { value: expected });

export const length = (n: number): Rule => stringRule('length', (v) => charCount(v) === n, { n });

export const minLength = (n: number): Rule => stringRule('minLength', (v) => charCount(v) >= n, { n });

/**
 * Allows up to n characters. The original's text says 'less than N' for the same bound; it is kept
 * word for word (R10) since it never lets through a value the user was told is too long.
 */
export const maxLength = (n: number): Rule => stringRule('maxLength', (v) => charCount(v) <= n, { n });

/** A stateful (g or y) RegExp would alternate results between calls; rules must stay pure. */
export function pattern(re: RegExp): Rule {
  const stateless = new RegExp(re.source, re.flags.replace(/[gy]/g, ''));
  return stringRule('pattern', (v) => stateless.test(v), { pattern: re.source });
}

export const startsWith = (prefix: string): Rule =>
  stringRule('startsWith', (v) => v.startsWith(prefix), { value: prefix });

export const endsWith = (suffix: string): Rule => stringRule('endsWith', (v) => v.endsWith(suffix), { value: suffix });

export const contains = (part: string): Rule => stringRule('contains', (v) => v.includes(part), { value: part });

export function oneOf(list: readonly string[]): Rule {
  const allowed = new Set(list);
  return stringRule('oneOf', (v) => allowed.has(v));
}

export function noneOf(list: readonly string[]): Rule {
  const excluded = new Set(list);
  return stringRule('noneOf', (v) => !excluded.has(v));
}

/**
 * Romanized means ASCII only (document 2); control characters are refused too, since R8's
 * romanized name fields never legitimately hold them.
 */
export const romanized: Rule = stringRule('romanized', (v) => /^[\x20-\x7E]*$/.test(v));

const DECIMAL = /^[+-]?(?:\d+(?:\.(\d*))?|\.(\d+))$/;

/**
 * No more than n decimal places. Trailing zeros do not count ('1.50' has one), as they do not
 * change the amount; a string that is not a plain decimal number gets 'Value is not a valid number'.
 */
export function maxDecimals(n: number): Rule {
  const notANumber = ruleFailure('number');
  const tooPrecise = ruleFailure('maxDecimals', { n });
  return (value) => {
    if (typeof value !== 'string') return ruleFailure('string');
    const match = DECIMAL.exec(value);
    if (!match) return notANumber;
    const fraction = (match[1] ?? match[2] ?? '').replace(/0+$/, '');
    return fraction.length > n ? tooPrecise : undefined;
  };
}

/** UTF-8 size without TextEncoder, whose type this platform-neutral package does not load. */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const point = char.codePointAt(0) ?? 0;
    bytes += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Byte limits matter where a value is stored or sent in a fixed-size field (memos, references). */
export const maxBytes = (n: number): Rule => stringRule('maxBytes', (v) => utf8ByteLength(v) <= n, { n });

/**
 * U+0000 (PostgreSQL's text and jsonb refuse it) and a UTF-16 surrogate without its partner (it has no UTF-8 form, so
 * it would be stored as U+FFFD: silently changed). One pass, no backtracking: it runs on every string of every request.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

/** 'Value contains a character that is not allowed': a NUL or a lone surrogate. */
export const safeText: Rule = stringRule('characters', isSafeText);

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let v = visit; v && v.key !== null; v = v.parent) path.push(v.key);
  return path.reverse();
}

/**
 * Where the first unsafe string of a parsed request part is (a value's path, or for an unsafe key the path of the
 * object holding it), or undefined when every string and key is safe. Walks without recursion, so a deeply nested
 * body cannot exhaust the stack.
 */
export function unsafeTextPath(value: unknown): (string | number)[] | undefined {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (typeof v === 'string') {
      if (!isSafeText(v)) return pathOf(visit);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: visit });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (const key of keys) if (!isSafeText(key)) return pathOf(visit);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        stack.push({ value: (v as Record<string, unknown>)[key], key, parent: visit });
      }
    }
  }
  return undefined;
}
