import type { z } from 'zod';
import { isRuleCode, type RuleParams } from './rules/messages';
import { isServerMessageKey, renderServerMessage, serverMessageOfText, type ServerMessage } from './server-messages';
import { catalogueRuleOfIssue } from './zod-messages';

/** A validation issue as a validator reports it: zod's own, or fastify's copy of it (`keyword` + `params`). */
export interface IssueLike {
  readonly code: string;
  readonly message: string;
}

const textParams = (value: unknown): RuleParams | undefined =>
  typeof value === 'object' && value !== null ? (value as RuleParams) : undefined;

/**
 * The key of a validation issue's message (decision 075), so a reply carries it beside the English text:
 * a custom issue that names its key (`keyedIssueParams`) or its rule (`ruleIssue`); a zod check worded by the rule
 * catalogue (zod-messages.ts) when its text is that rule's; else a parameterless catalogue text's own key.
 * A schema's own free text has none.
 */
export function messageOfIssue(issue: IssueLike): ServerMessage | undefined {
  const params = textParams((issue as { params?: unknown }).params);
  if (issue.code === 'custom' && params) {
    if (isServerMessageKey(params['messageKey'])) {
      const given = textParams(params['messageParams']);
      return given === undefined ? { key: params['messageKey'] } : { key: params['messageKey'], params: given };
    }
    const { code, ...rest } = params;
    if (isRuleCode(code)) return keyed(`rule.${code}`, rest, issue.message);
  }
  const rule = catalogueRuleOfIssue(issue as unknown as z.core.$ZodRawIssue);
  if (rule) {
    const found = keyed(`rule.${rule.code}`, rule.params, issue.message);
    if (found) return found;
  }
  return serverMessageOfText(issue.message);
}

/** The rule's key when its rendering is the issue's text (a schema may word a zod check its own way). */
function keyed(key: string, params: RuleParams, text: string): ServerMessage | undefined {
  if (!isServerMessageKey(key)) return undefined;
  const message: ServerMessage = Object.keys(params).length === 0 ? { key } : { key, params };
  return renderServerMessage(message) === text ? message : undefined;
}
