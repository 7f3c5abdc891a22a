import { z } from 'zod';
import { formatRuleMessage, type RuleCode } from './rules/messages';

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

/**
 * zod's own checks answer with the catalogue's messages (R12), so a plain `z.string().min(3)` in a
 * route schema reads like the rules do: 'A value is required', 'Value must be at least 3 characters'.
 * Returning undefined keeps zod's default text for checks the catalogue has no words for.
 */
export function zodCatalogueError(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return formatRuleMessage('required');
      if (issue.expected === 'string') return formatRuleMessage('string');
      return `Value must be a ${issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? formatRuleMessage('required')
          : formatRuleMessage('minLength', { n: Number(issue.minimum) });
      }
      return undefined;
    case 'too_big':
      return issue.origin === 'string' ? formatRuleMessage('maxLength', { n: Number(issue.maximum) }) : undefined;
    case 'invalid_value':
      return formatRuleMessage('oneOf');
    case 'invalid_format': {
      const code = FORMAT_CODES[issue.format];
      if (!code) return undefined;
      const expected =
        (issue as { prefix?: string; suffix?: string; includes?: string }).prefix ??
        (issue as { suffix?: string }).suffix ??
        (issue as { includes?: string }).includes;
      return formatRuleMessage(code, expected === undefined ? {} : { value: expected });
    }
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

let installed = false;

/** Call once at start-up on each side (the API's app, the SPA's main). */
export function installZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: zodCatalogueError });
}
