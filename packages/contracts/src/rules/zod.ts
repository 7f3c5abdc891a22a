import { z } from 'zod';
import { RULE_MESSAGES, isRuleCode, type RuleCode, type RuleParams } from './messages';
import { firstFailure, type Rule, type RuleFailure } from './rule';

// zod's own type check runs before the rules; it gets the catalogue's texts so a missing field
// reads 'A value is required' and a number reads 'Only String type accepted', as the rules would.
const stringType = (): z.ZodString =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? RULE_MESSAGES.en.required : RULE_MESSAGES.en.string,
  });

/**
 * A zod issue carrying a rule failure: `message` is the English text, `params` holds the code and
 * the rule's parameters so a server can translate it or map it to a field.
 */
export function ruleIssue(failure: RuleFailure, path?: PropertyKey[]) {
  return {
    code: 'custom' as const,
    message: failure.message,
    params: { code: failure.code, ...failure.params },
    ...(path === undefined ? {} : { path }),
  };
}

/**
 * The params of a custom zod issue whose message is a keyed catalogue message (server-messages.ts): the API's reply
 * carries the key beside the English text (messageOfIssue).
 */
export function keyedIssueParams(message: { readonly key: string; readonly params?: RuleParams }) {
  return { messageKey: message.key, ...(message.params === undefined ? {} : { messageParams: message.params }) };
}

/** A zod string schema running the rules in order and reporting the first failure (R12). */
export function ruleSchema(...rules: Rule[]): z.ZodString {
  return stringType().superRefine((value, ctx) => {
    const failure = firstFailure(value, rules);
    if (failure) ctx.addIssue(ruleIssue(failure));
  });
}

/** Like ruleSchema, but a missing, empty or whitespace-only value passes (e.g. street line 2). */
export function optionalRule(...rules: Rule[]): z.ZodOptional<z.ZodString> {
  return stringType()
    .superRefine((value, ctx) => {
      if (value.trim() === '') return;
      const failure = firstFailure(value, rules);
      if (failure) ctx.addIssue(ruleIssue(failure));
    })
    .optional();
}

/** The rule code behind a zod issue raised by these schemas, or undefined for any other issue. */
export function ruleCodeOfIssue(issue: z.core.$ZodIssue): RuleCode | undefined {
  if (issue.code === 'custom') {
    const code: unknown = issue.params?.['code'];
    return isRuleCode(code) ? code : undefined;
  }
  if (issue.code === 'invalid_type' && issue.expected === 'string') {
    if (issue.message === RULE_MESSAGES.en.required) return 'required';
    if (issue.message === RULE_MESSAGES.en.string) return 'string';
  }
  return undefined;
}
