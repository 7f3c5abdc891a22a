import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_MESSAGES, TRANSFER_MESSAGES } from '@rampart/contracts';

/** The API speaks English (decision 003): its known texts are looked up by value and shown in the user's language. */
const KNOWN: ReadonlyMap<string, string> = new Map([
  ...Object.entries(TRANSFER_MESSAGES).map(([key, text]) => [text, `messages.${key}`] as const),
  ...Object.entries(CARD_MESSAGES.en).map(([key, text]) => [text, `cardMessages.${key}`] as const),
]);

const SEPARATOR = '; ';

/** Translates a server error text (several joined by '; ') part by part; unknown parts stay as sent. */
export function useServerMessage() {
  const { t } = useTranslation('money', { useSuspense: true });
  return useCallback(
    (text: string) =>
      text
        .split(SEPARATOR)
        .map((part) => {
          const key = KNOWN.get(part);
          return key ? t(key as never) : part;
        })
        .join(SEPARATOR),
    [t],
  );
}

/** The same lookup for one field's message. */
export function serverMessageKey(text: string): string | undefined {
  return KNOWN.get(text);
}
