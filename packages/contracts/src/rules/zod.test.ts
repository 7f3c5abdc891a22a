import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  email,
  iban,
  maxLength,
  minLength,
  optionalRule,
  postalCode,
  required,
  ruleCodeOfIssue,
  ruleIssue,
  ruleSchema,
  street2,
} from './index';

describe('ruleSchema', () => {
  const schema = ruleSchema(required, minLength(3), email);

  it('passes a value every rule accepts and returns it unchanged', () => {
    expect(schema.parse('ann@example.com')).toBe('ann@example.com');
  });

  it('reports the first failing rule with its English message and its code in params', () => {
    const result = schema.safeParse('ab');
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]).toMatchObject({
      code: 'custom',
      message: 'Value must be at least 3 characters',
      params: { code: 'minLength', n: 3 },
    });
  });

  it('stops at the first failure in order', () => {
    expect(schema.safeParse('').error?.issues.map((i) => i.message)).toEqual(['A value is required']);
    expect(schema.safeParse('abcdef').error?.issues.map((i) => i.message)).toEqual(['Value is not a valid email']);
  });

  it('reports a missing value as required and a non-string as the string rule', () => {
    const missing = schema.safeParse(undefined).error?.issues[0];
    expect(missing?.message).toBe('A value is required');
    expect(missing && ruleCodeOfIssue(missing)).toBe('required');
    const wrongType = schema.safeParse(5).error?.issues[0];
    expect(wrongType?.message).toBe('Only String type accepted');
    expect(wrongType && ruleCodeOfIssue(wrongType)).toBe('string');
  });

  it('puts the issue on the field inside an object', () => {
    const form = z.object({ iban: ruleSchema(required, iban) });
    const issue = form.safeParse({ iban: 'GB82WEST12345698765433' }).error?.issues[0];
    expect(issue?.path).toEqual(['iban']);
    expect(issue?.message).toBe('Value is not a valid IBAN');
    expect(issue && ruleCodeOfIssue(issue)).toBe('iban');
    expect(form.safeParse({}).error?.issues[0]).toMatchObject({ path: ['iban'], message: 'A value is required' });
  });

  it('stays a zod string schema that can be chained', () => {
    const chained = ruleSchema(maxLength(10)).meta({ description: 'note' });
    expect(chained.safeParse('short').success).toBe(true);
    expect(chained.safeParse('far too long a note').error?.issues[0]?.message).toBe(
      'Value must be less than 10 characters',
    );
  });
});

describe('optionalRule', () => {
  const schema = optionalRule(street2);

  it.each([undefined, '', '   '])('lets %j through', (value) => {
    expect(schema.safeParse(value).success).toBe(true);
  });

  it('runs the rules on a value that is there', () => {
    expect(schema.safeParse('Apt #5').success).toBe(true);
    expect(schema.safeParse('Apt @5').error?.issues[0]).toMatchObject({
      message: 'Value is not a valid street line 2',
      params: { code: 'street2' },
    });
  });

  it('still refuses a non-string', () => {
    expect(schema.safeParse(12).error?.issues[0]?.message).toBe('Only String type accepted');
  });
});

describe('ruleIssue for checks across fields', () => {
  it('lets an object schema report a rule failure on another field', () => {
    const address = z.object({ country: z.string(), postal: z.string() }).superRefine((value, ctx) => {
      const failure = postalCode(value.country)(value.postal);
      if (failure) ctx.addIssue(ruleIssue(failure, ['postal']));
    });
    expect(address.safeParse({ country: 'US', postal: '94105' }).success).toBe(true);
    const issue = address.safeParse({ country: 'US', postal: '941' }).error?.issues[0];
    expect(issue).toMatchObject({
      path: ['postal'],
      message: 'Value is not a valid postal',
      params: { code: 'postalCode', country: 'US' },
    });
  });
});

describe('ruleCodeOfIssue', () => {
  it('ignores issues that these rules did not raise', () => {
    const other = z.number().safeParse('x').error?.issues[0];
    expect(other && ruleCodeOfIssue(other)).toBeUndefined();
    const custom = z
      .string()
      .refine(() => false, { message: 'nope', params: { code: 'notARule' } })
      .safeParse('x').error?.issues[0];
    expect(custom && ruleCodeOfIssue(custom)).toBeUndefined();
  });
});
