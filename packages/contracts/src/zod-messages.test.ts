import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageOfIssue } from './issue-messages';
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
    expect(firstMessage(z.number(), 'x')).toBe('Value is not a valid number');
  });
  it("other kinds and number bounds are catalogue rules too, never zod's own English", () => {
    expect(firstMessage(z.object({}), [1])).toBe('Value is not a valid object');
    expect(firstMessage(z.int(), 1.5)).toBe('Value is not a valid integer');
    expect(firstMessage(z.boolean(), 'yes')).toBe('Value is not a valid boolean');
    expect(firstMessage(z.array(z.string()), 'x')).toBe('Value is not a valid list');
    expect(firstMessage(z.number().min(1), 0)).toBe('Value must be at least 1');
    expect(firstMessage(z.number().max(10), 11)).toBe('Value must be at most 10');
    expect(firstMessage(z.union([z.string(), z.number()]), {})).toBe('Value is not valid');
    const bad: [z.ZodType, unknown][] = [
      [z.object({}), 1],
      [z.int(), 1.5],
      [z.number().min(1), 0],
      [z.union([z.string(), z.number()]), {}],
      [z.strictObject({}), { b: 1 }],
    ];
    for (const [schema, value] of bad) {
      const issue = schema.safeParse(value).error?.issues[0];
      expect(issue && messageOfIssue(issue), issue?.message).toBeDefined();
    }
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
  it('unknown fields of a strict object are named when they look like field names, never echoed at length', () => {
    const strict = z.strictObject({ a: z.string() });
    expect(firstMessage(strict, { a: 'x', b: 1 })).toBe('Unknown field: b');
    expect(firstMessage(strict, { a: 'x', b: 1, c: 2, d: 3, e: 4 })).toBe('Unknown field: b, c, d, …');
    expect(firstMessage(strict, { a: 'x', ['k'.repeat(100_000)]: 1 })).toBe('Unknown field: …');
    expect(firstMessage(strict, { a: 'x', '<script>': 1, ok_name: 2 })).toBe('Unknown field: ok_name, …');
  });
  it('a passing value has no message', () => {
    expect(firstMessage(z.string().min(3), 'abc')).toBeUndefined();
  });
});
