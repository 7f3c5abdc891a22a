import { formatRuleMessage, type RuleCode, type RuleLang, type RuleParams } from './messages';

/** What a rule reports: a stable code to translate or map, the English text, and its parameters. */
export interface RuleFailure {
  readonly code: RuleCode;
  readonly message: string;
  readonly params?: RuleParams;
}

/** R12: every generic rule is a pure function, so forms and routes run the same check. */
export type Rule = (value: unknown) => RuleFailure | undefined;

export function ruleFailure(code: RuleCode, params?: RuleParams): RuleFailure {
  const message = formatRuleMessage(code, params);
  return params === undefined ? { code, message } : { code, message, params };
}

const NOT_A_STRING = ruleFailure('string');

/**
 * No field a rule checks is longer than this (the longest are URIs): a longer input fails the rule before its test
 * runs, so no pattern ever sees an unbounded string (docs/decisions/051-input-text-and-kyc-catalogues.md).
 */
export const MAX_RULE_INPUT = 2_048;

/** Wraps a string test into a rule; anything that is not a string gets 'Only String type accepted'. */
export function stringRule(
  code: RuleCode,
  test: (value: string) => boolean,
  params?: RuleParams,
  maxInput: number = MAX_RULE_INPUT,
): Rule {
  const failure = ruleFailure(code, params);
  return (value) => {
    if (typeof value !== 'string') return NOT_A_STRING;
    if (value.length > maxInput) return failure;
    return test(value) ? undefined : failure;
  };
}

/** Runs rules in order and stops at the first failure, as a form shows one message per field. */
export function firstFailure(value: unknown, rules: readonly Rule[]): RuleFailure | undefined {
  for (const rule of rules) {
    const failure = rule(value);
    if (failure) return failure;
  }
  return undefined;
}

export function translateFailure(failure: Pick<RuleFailure, 'code' | 'params'>, lang: RuleLang): string {
  return formatRuleMessage(failure.code, failure.params, lang);
}

/**
 * Thrown (not returned) when a rule is built for a country that does not exist: that is a
 * programming or upstream-validation error, and document 2 says it "raises".
 */
export class InvalidCountryCodeError extends Error {
  readonly code = 'invalidCountryCode' as const;
  readonly country: string;

  constructor(country: string) {
    super(formatRuleMessage('invalidCountryCode'));
    this.name = 'InvalidCountryCodeError';
    this.country = country;
  }
}
