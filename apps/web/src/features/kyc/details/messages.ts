import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRuleMessage, KYC_MESSAGES, RULE_MESSAGES, type KycMessageKey, type RuleCode } from '@rampart/contracts';
import { currentLanguage, type Language } from '../../../lib/i18n';

/**
 * The contracts' validator (and the API, which runs the same one) answers in English. The form shows the same
 * message in the user's language: the KYC catalogue by exact text, then the rule catalogue by template
 * ('Value must be less than {{n}} characters' matches any n). Anything else is shown as it came.
 */
const KYC_KEYS = new Map<string, KycMessageKey>(
  Object.entries(KYC_MESSAGES.en).map(([key, text]) => [text, key as KycMessageKey]),
);

const RULE_TEMPLATES = Object.entries(RULE_MESSAGES.en).map(([code, text]) => {
  const names: string[] = [];
  const source = text
    .split(/\{\{\s*(\w+)\s*\}\}/)
    .map((part, i) => {
      if (i % 2 === 1) {
        names.push(part);
        return '(.+?)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { code: code as RuleCode, pattern: new RegExp(`^${source}$`), names };
});

export function translateContractMessage(message: string, language: Language): string {
  if (language === 'en') return message;
  const kycKey = KYC_KEYS.get(message);
  if (kycKey) return KYC_MESSAGES[language][kycKey];
  for (const { code, pattern, names } of RULE_TEMPLATES) {
    const match = pattern.exec(message);
    if (match)
      return formatRuleMessage(code, Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])), language);
  }
  return message;
}

/** The translator for the current UI language. */
export function useContractText(): (message: string) => string {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return useCallback((message: string) => translateContractMessage(message, language), [language]);
}
