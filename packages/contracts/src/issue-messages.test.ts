import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageOfIssue } from './issue-messages';
import { kycIndividualRequest } from './kyc';
import { ruleSchema } from './rules/zod';
import { maxLength } from './rules/string-rules';
import { renderServerMessage } from './server-messages';
import { installZodMessages } from './zod-messages';

installZodMessages();

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues;
};

describe('messageOfIssue', () => {
  it('keys a rule failure by its code and parameters, and its English is the key’s rendering', () => {
    const [issue] = issuesOf(ruleSchema(maxLength(3)), 'abcd');
    const message = messageOfIssue(issue!);
    expect(message).toEqual({ key: 'rule.maxLength', params: { n: 3 } });
    expect(renderServerMessage(message!)).toBe(issue!.message);
  });

  it('keys zod’s own checks that the rule catalogue words', () => {
    expect(messageOfIssue(issuesOf(z.object({ a: z.string() }), {})[0]!)).toEqual({ key: 'rule.required' });
    expect(messageOfIssue(issuesOf(z.string().min(4), 'ab')[0]!)).toEqual({ key: 'rule.minLength', params: { n: 4 } });
    expect(messageOfIssue(issuesOf(z.string(), 5)[0]!)).toEqual({ key: 'rule.string' });
  });

  it('keys a KYC problem by the key the schema gave it', () => {
    const issues = issuesOf(kycIndividualRequest(), { birth: { year: 3000, month: 1, day: 1 } });
    const birth = issues.find((issue) => issue.path.join('.') === 'birth')!;
    expect(messageOfIssue(birth)).toEqual({ key: 'kyc.dateInPast' });
  });

  it('gives no key to a schema’s own wording of a check, nor to free text', () => {
    expect(messageOfIssue(issuesOf(z.string().min(4, 'Too short, friend'), 'ab')[0]!)).toBeUndefined();
    expect(messageOfIssue({ code: 'custom', message: 'Something nobody wrote' })).toBeUndefined();
  });

  it('reads fastify’s copy of an issue (its code and its params beside the message)', () => {
    const [issue] = issuesOf(ruleSchema(maxLength(3)), 'abcd');
    const { code, message, path: _path, ...params } = issue!;
    expect(messageOfIssue({ ...params, code, message })).toEqual({ key: 'rule.maxLength', params: { n: 3 } });
  });
});
