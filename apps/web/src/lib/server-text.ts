import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError, MessageKey } from './api';

/**
 * The catalogues the contracts carry in both languages (the string rules, the KYC record's, its documents' and
 * identity verification's messages) are not copied into the locale files: each is an i18next namespace of its own,
 * `rules` loaded by the shell, the others by the KYC feature (features/kyc/catalogue-texts.ts).
 */
export const CONTRACT_CATALOGUE_NAMESPACES = {
  rule: 'rules',
  kyc: 'kycMessages',
  kycDocument: 'kycDocumentMessages',
  verification: 'verificationMessages',
} as const;

/** A key's path in i18next: `<namespace>:<name>` for a contracts catalogue, else the key itself. */
export function translationOf(key: string): string {
  const dot = key.indexOf('.');
  const namespace = (CONTRACT_CATALOGUE_NAMESPACES as Record<string, string | undefined>)[key.slice(0, dot)];
  return namespace === undefined ? key : `${namespace}:${key.slice(dot + 1)}`;
}

/** How errorText (lib/api/errors.ts) joins several messages: the same here. */
const SEPARATOR = '; ';

/** A message's key and parameters: a reply's (`MessageKey`) or a contract check's. */
export interface KeyedMessage {
  readonly key: MessageKey['key'];
  readonly params?: Readonly<MessageKey['params']>;
}

export interface ServerText {
  /** The display text of an error reply in the user's language: its messages, else 'field: message's, else the message. */
  ofError(error: ApiError): string;
  /** One field's message in the user's language, or undefined when the reply names no such field. */
  ofField(error: ApiError, field: string): string | undefined;
  /** A message with its key, in the user's language; the English text when the key is missing or unknown here. */
  ofMessage(english: string, key: KeyedMessage | undefined): string;
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
    (english: string, key: KeyedMessage | undefined) => {
      const path = key === undefined ? undefined : translationOf(key.key);
      return path !== undefined && i18n.exists(path) ? t(path as never, key?.params) : english;
    },
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
