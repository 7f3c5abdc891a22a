import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError, MessageKey } from './api';

/** How errorText (lib/api/errors.ts) joins several messages: the same here. */
const SEPARATOR = '; ';

export interface ServerText {
  /** The display text of an error reply in the user's language: its messages, else 'field: message's, else the message. */
  ofError(error: ApiError): string;
  /** One field's message in the user's language, or undefined when the reply names no such field. */
  ofField(error: ApiError, field: string): string | undefined;
  /** A message with its key, in the user's language; the English text when the key is missing or unknown here. */
  ofMessage(english: string, key: MessageKey | undefined): string;
}

/**
 * The server's messages in the user's language, by key (decision 075): an error reply carries beside each English
 * text its key and parameters (`messageKey`, `fieldKeys`), and the key is the path of its translation in the shell's
 * locale files (src/locales/es.json: `identity.*`, `ramp.*`, `order.*`, `transfer.*`, `card.*`). In English the reply's
 * own text is shown: en.json carries only the identity messages, which the sign-in page also shows unasked
 * (decision 081). A text without a key, or with one this client does not know (a newer server), is shown as sent.
 */
export function useServerText(): ServerText {
  const { t, i18n } = useTranslation();
  const ofMessage = useCallback(
    (english: string, key: MessageKey | undefined) =>
      key !== undefined && i18n.exists(key.key) ? t(key.key as never, key.params) : english,
    [t, i18n],
  );
  const ofField = useCallback(
    (error: ApiError, field: string) => {
      const english = error.fields[field];
      return english === undefined ? undefined : ofMessage(english, error.fieldKeys[field]);
    },
    [ofMessage],
  );
  const ofError = useCallback(
    (error: ApiError) => {
      const fields = Object.entries(error.fields);
      if (error.errors.length > 0) {
        // The list repeats the fields' messages: each one takes the key of the field it names.
        return error.errors
          .map((english) => {
            const field = fields.find(([name, text]) => text === english && error.fieldKeys[name] !== undefined);
            return ofMessage(english, field ? error.fieldKeys[field[0]] : undefined);
          })
          .join(SEPARATOR);
      }
      if (fields.length > 0) {
        return fields.map(([name, english]) => `${name}: ${ofMessage(english, error.fieldKeys[name])}`).join(SEPARATOR);
      }
      return ofMessage(error.message, error.messageKey);
    },
    [ofMessage],
  );
  return useMemo(() => ({ ofError, ofField, ofMessage }), [ofError, ofField, ofMessage]);
}
