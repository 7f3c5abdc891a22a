import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import en from '../locales/en.json';

/**
 * The server answers in English; the UI shows the same message in the user's language. Finds the key of
 * an identity message by its English text (templates like '{{minutes}}' match any number).
 */
export function identityMessageKey(
  message: string,
  english: Readonly<Record<string, string>>,
): { key: string; params: Record<string, string> } | undefined {
  for (const [key, text] of Object.entries(english)) {
    if (text === message) return { key, params: {} };
    if (!text.includes('{{')) continue;
    const names: string[] = [];
    const pattern = text
      .split(/\{\{\s*(\w+)\s*\}\}/)
      .map((part, i) => {
        if (i % 2 === 1) {
          names.push(part);
          return '(\\d+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    const match = new RegExp(`^${pattern}$`).exec(message);
    if (match) return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return undefined;
}

/** Which identity message `message` is, with its parameters (such as `codeUsed`'s seconds, decision 056). */
export function identityKeyOf(message: string): { key: string; params: Record<string, string> } | undefined {
  return identityMessageKey(message, en.identity);
}

/** The identity service answers in English; this shows its messages in the user's language. */
export function useIdentityText(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const found = identityMessageKey(message, en.identity);
      return found ? t(`identity.${found.key}`, found.params) : message;
    },
    [t],
  );
}
