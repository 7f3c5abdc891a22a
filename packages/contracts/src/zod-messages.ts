import { z } from 'zod';
import { formatRuleMessage, type RuleCode, type RuleParams } from './rules/messages';

const FORMAT_CODES: Partial<Record<string, RuleCode>> = {
  email: 'email',
  uuid: 'uuid',
  guid: 'uuid',
  url: 'uri',
  ipv4: 'ipv4',
  ipv6: 'ipv6',
  regex: 'pattern',
  starts_with: 'startsWith',
  ends_with: 'endsWith',
  includes: 'contains',
};

const KIND_CODES: Partial<Record<string, RuleCode>> = {
  string: 'string',
  number: 'number',
  int: 'integer',
  bigint: 'integer',
  object: 'object',
  boolean: 'boolean',
  array: 'list',
};

/** A key shown back in 'Unknown field: …' only when it looks like a field name; at most three are named. */
const SHOWN_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;
const MAX_SHOWN_KEYS = 3;

/**
 * The names part of 'Unknown field: …': what was sent is never echoed at length or as markup, and the part has no
 * words of its own (the template around it is translated): 'b, c, d, …' when some keys are not named, '…' for none.
 */
export function unknownFieldNames(keys: readonly PropertyKey[]): string {
  const named = keys
    .filter((key): key is string => typeof key === 'string' && SHOWN_KEY.test(key))
    .slice(0, MAX_SHOWN_KEYS);
  return [...named, ...(named.length < keys.length ? ['…'] : [])].join(', ');
}

/**
 * The catalogue rule (R12) that words one of zod's own checks, with its parameters: a plain `z.string().min(3)` in a
 * route schema reads like the rules do. Undefined for checks the catalogue has no words for.
 */
export function catalogueRuleOfIssue(issue: z.core.$ZodRawIssue): { code: RuleCode; params: RuleParams } | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { code: 'required', params: {} };
      return { code: KIND_CODES[issue.expected] ?? 'invalid', params: {} };
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'bigint')
        return { code: 'minimum', params: { value: String(issue.minimum) } };
      if (issue.origin !== 'string') return undefined;
      return Number(issue.minimum) <= 1
        ? { code: 'required', params: {} }
        : { code: 'minLength', params: { n: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'bigint')
        return { code: 'maximum', params: { value: String(issue.maximum) } };
      return issue.origin === 'string' ? { code: 'maxLength', params: { n: Number(issue.maximum) } } : undefined;
    case 'invalid_union':
      return { code: 'invalid', params: {} };
    case 'unrecognized_keys':
      return { code: 'unknownFields', params: { names: unknownFieldNames(issue.keys) } };
    case 'invalid_value':
      return { code: 'oneOf', params: {} };
    case 'invalid_format': {
      const code = FORMAT_CODES[issue.format];
      if (!code) return undefined;
      const expected =
        (issue as { prefix?: string; suffix?: string; includes?: string }).prefix ??
        (issue as { suffix?: string }).suffix ??
        (issue as { includes?: string }).includes;
      return { code, params: expected === undefined ? {} : { value: expected } };
    }
    default:
      return undefined;
  }
}

/**
 * zod's own checks answer with the catalogue's messages (R12), so a plain `z.string().min(3)` in a
 * route schema reads like the rules do: 'A value is required', 'Value must be at least 3 characters'.
 * Returning undefined keeps zod's default text for checks the catalogue has no words for.
 */
export function zodCatalogueError(issue: z.core.$ZodRawIssue): string | undefined {
  const rule = catalogueRuleOfIssue(issue);
  if (rule) return formatRuleMessage(rule.code, rule.params);
  return undefined;
}

let installed = false;

/** Call once at start-up on each side (the API's app, the SPA's main). */
export function installZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: zodCatalogueError });
}
