import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installZodMessages } from './zod-messages';

installZodMessages();

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('zod checks speak the catalogue (R12)', () => {
  it('a missing value is required', () => {
    expect(firstMessage(z.object({ email: z.string() }), {})).toBe('A value is required');
    expect(firstMessage(z.string().min(1), '')).toBe('A value is required');
  });
  it('a non-string where a string is wanted', () => {
    expect(firstMessage(z.string(), 42)).toBe('Only String type accepted');
    expect(firstMessage(z.number(), 'x')).toBe('Value must be a number');
  });
  it('lengths, lists and formats', () => {
    expect(firstMessage(z.string().min(3), 'ab')).toBe('Value must be at least 3 characters');
    expect(firstMessage(z.string().max(3), 'abcd')).toBe('Value must be less than 3 characters');
    expect(firstMessage(z.enum(['a', 'b']), 'c')).toBe('Value does not exist in the required list');
    expect(firstMessage(z.email(), 'nope')).toBe('Value is not a valid email');
    expect(firstMessage(z.uuid(), 'nope')).toBe('Value is not a valid UUID');
    expect(firstMessage(z.string().startsWith('r'), 'x')).toBe('Value must starts with r');
    expect(firstMessage(z.string().regex(/^\d+$/), 'x')).toBe('Value does not match to the pattern');
  });
  it('unknown fields of a strict object are named', () => {
    expect(firstMessage(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe('Unknown field: b');
  });
  it('a passing value has no message', () => {
    expect(firstMessage(z.string().min(3), 'abc')).toBeUndefined();
  });
});
