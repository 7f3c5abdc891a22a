import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { RAMP_QUOTE_MESSAGES } from '@rampart/contracts';
import { errorText, isApiError } from '../../lib/api';
import { identityMessageKey } from '../../lib/identity-messages';
import en from '../../locales/en.json';

/**
 * The ramp's user-facing messages (quotes, estimates, limits), as the API sends them (English), with their `server.*`
 * keys. The orders' messages are in order-server-text.ts, for the pages that place and follow orders: importing them
 * brings the orders' contracts (and through them the identity rules, phone numbers and countries) into /trade/buy's
 * chunk, which only shows estimates (decision 043).
 */
export const RAMP_TEMPLATES: Readonly<Record<string, string>> = {
  addressRequired: RAMP_QUOTE_MESSAGES.addressRequired,
  pairNotTradable: RAMP_QUOTE_MESSAGES.pairNotTradable,
  assetDisabled: RAMP_QUOTE_MESSAGES.assetDisabled,
  methodNotForBuying: RAMP_QUOTE_MESSAGES.methodNotForBuying,
  methodNotForSelling: RAMP_QUOTE_MESSAGES.methodNotForSelling,
  bankMethodRequired: RAMP_QUOTE_MESSAGES.bankMethodRequired,
  bankMethodUnknown: RAMP_QUOTE_MESSAGES.bankMethodUnknown,
  amountBelowMinimum: RAMP_QUOTE_MESSAGES.amountBelowMinimum('{{minimum}}', '{{ticker}}'),
  amountBelowFees: RAMP_QUOTE_MESSAGES.amountBelowFees,
  amountAboveTradeMaximum: RAMP_QUOTE_MESSAGES.amountAboveTradeMaximum('{{maximum}}'),
  weeklyLimitExceeded: RAMP_QUOTE_MESSAGES.weeklyLimitExceeded('{{remaining}}'),
  dailyLimitExceeded: RAMP_QUOTE_MESSAGES.dailyLimitExceeded('{{remaining}}'),
  quoteUnknown: RAMP_QUOTE_MESSAGES.quoteUnknown,
  quoteExpired: RAMP_QUOTE_MESSAGES.quoteExpired,
  quoteUsed: RAMP_QUOTE_MESSAGES.quoteUsed,
  priceUnavailable: RAMP_QUOTE_MESSAGES.priceUnavailable,
  tooManyQuotes: RAMP_QUOTE_MESSAGES.tooManyQuotes,
  memoNotForStablecoins: RAMP_QUOTE_MESSAGES.memoNotForStablecoins,
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The key and parameters of a known message ('{{name}}' parts match any text), or undefined. */
export function tradeMessageKey(
  message: string,
  templates: Readonly<Record<string, string>> = RAMP_TEMPLATES,
): { key: string; params: Record<string, string> } | undefined {
  for (const [key, text] of Object.entries(templates)) {
    if (text === message) return { key, params: {} };
    if (!text.includes('{{')) continue;
    const names: string[] = [];
    const pattern = text
      .split(/\{\{(\w+)\}\}/)
      .map((part, i) => {
        if (i % 2 === 0) return escape(part);
        names.push(part);
        return '(.+?)';
      })
      .join('');
    const match = new RegExp(`^${pattern}$`).exec(message);
    if (match) return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return undefined;
}

const SEPARATOR = '; ';

/**
 * The API speaks English (decision 003); the trade pages show its known messages in the user's language: the ramp's
 * own, or those of `templates` (the orders' too: order-server-text.ts) (`trade:server.*`) and the identity service's (the step-up code's). Unknown ones stay as sent.
 * `ofError` reads an API error (anything else is "unexpected"); `ofMessage` one message, such as a field's.
 */
export function useTradeServerText(templates: Readonly<Record<string, string>> = RAMP_TEMPLATES): {
  ofError(error: unknown): string;
  ofMessage(message: string): string;
} {
  const { t } = useTranslation('trade', { useSuspense: true });
  const ofMessage = useCallback(
    (message: string) =>
      message
        .split(SEPARATOR)
        .map((part) => {
          const trade = tradeMessageKey(part, templates);
          if (trade) return t(`server.${trade.key}` as never, trade.params);
          const identity = identityMessageKey(part, en.identity);
          return identity ? t(`identity.${identity.key}` as never, { ...identity.params, ns: 'translation' }) : part;
        })
        .join(SEPARATOR),
    [t, templates],
  );
  const ofError = useCallback(
    (error: unknown) => (isApiError(error) ? ofMessage(errorText(error)) : t('common.unexpected')),
    [t, ofMessage],
  );
  return { ofError, ofMessage };
}
