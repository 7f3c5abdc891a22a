import { ASSET_DEPOSIT_MESSAGES, belowMinimumDepositMessage } from './asset-deposits';
import { ASSET_WITHDRAWAL_MESSAGES } from './asset-withdrawals';
import { BANK_LINK_MESSAGES, bankNotSupportedMessage } from './bank-link';
import { CARD_MESSAGES } from './cards';
import { IDENTITY_MESSAGES } from './identity-messages';
import { KYC_MESSAGES } from './kyc-constants';
import { KYC_DOCUMENT_MESSAGES } from './kyc-documents';
import { LEDGER_MESSAGES } from './money';
import { VERIFICATION_MESSAGES } from './identity-verification-constants';
import { ORDER_MESSAGES } from './ramp-orders';
import { RAMP_QUOTE_MESSAGES } from './ramp-quotes';
import { RULE_MESSAGES } from './rules/messages';
import {
  SANDBOX_MESSAGES,
  amountDecimalsKey,
  amountDecimalsMessage,
  assetNotSupportedMessage,
  sandboxAmountProblem,
} from './sandbox';
import { TRANSFER_MESSAGES } from './transfers';

/**
 * The keyed server messages (decision 075): every message of these catalogues has a stable key, `<catalogue>.<name>`,
 * and an English template whose `{{name}}` parts are its parameters. An error reply carries the key and parameters
 * beside the English text (`messageKey` + `params`, and `fieldKeys` per field: errors.ts), so a client translates by
 * key; the English text is for clients that do not know the key. The web's locale files hold one translation per key,
 * under the same path (apps/web/src/locales/en.json and es.json).
 */

type Templates<P extends string, T extends Readonly<Record<string, unknown>>> = {
  readonly [K in keyof T & string as `${P}.${K}`]: string;
};

function templatesOf<P extends string, T extends Readonly<Record<string, unknown>>>(
  prefix: P,
  catalogue: T,
  parameterised: { readonly [K in keyof T]?: string } = {},
): Templates<P, T> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(catalogue)) {
    const template = typeof value === 'string' ? value : parameterised[name];
    if (template === undefined) throw new Error(`${prefix}.${name} has no template`);
    out[`${prefix}.${name}`] = template;
  }
  return out as Templates<P, T>;
}

/**
 * Key -> English template. A catalogue function is written once, its template taken by calling it with '{{name}}'s.
 * Two catalogues share a few texts ('Select one payment method'): the first one here owns the text's key when it
 * travels as a string (serverMessageOfText); the other's code passes its own key.
 */
export const SERVER_MESSAGE_TEMPLATES = {
  ...templatesOf('identity', IDENTITY_MESSAGES.en),
  ...templatesOf('transfer', TRANSFER_MESSAGES),
  ...templatesOf('card', CARD_MESSAGES.en),
  ...templatesOf('ramp', RAMP_QUOTE_MESSAGES, {
    amountBelowMinimum: RAMP_QUOTE_MESSAGES.amountBelowMinimum('{{minimum}}', '{{ticker}}'),
    amountAboveTradeMaximum: RAMP_QUOTE_MESSAGES.amountAboveTradeMaximum('{{maximum}}'),
    weeklyLimitExceeded: RAMP_QUOTE_MESSAGES.weeklyLimitExceeded('{{remaining}}'),
    dailyLimitExceeded: RAMP_QUOTE_MESSAGES.dailyLimitExceeded('{{remaining}}'),
  }),
  ...templatesOf('order', ORDER_MESSAGES),
  ...templatesOf('bankLink', BANK_LINK_MESSAGES.en),
  ...templatesOf('assetWithdrawal', ASSET_WITHDRAWAL_MESSAGES),
  ...templatesOf('assetDeposit', ASSET_DEPOSIT_MESSAGES),
  ...templatesOf('ledger', LEDGER_MESSAGES),
  // Texts with a parameter written as functions beside their catalogues.
  'bankLink.bankNotSupported': bankNotSupportedMessage('{{bankName}}'),
  'assetDeposit.belowMinimum': belowMinimumDepositMessage('{{minimum}}', '{{ticker}}'),
  // Document 2's 'Asset {0} not supported!', for any module that looks a ticker up (docs/decisions/104-every-refusal-is-keyed.md).
  'asset.notSupported': assetNotSupportedMessage('{{ticker}}'),
  // The sandbox's refusals whose texts no other catalogue owns (its success texts are toasts, not refusals), and
  // the amount rule's decimals in its three forms (amountDecimalsKey).
  'sandbox.amountNotNumber': SANDBOX_MESSAGES.amountNotNumber,
  'sandbox.amountTooLarge': SANDBOX_MESSAGES.amountTooLarge,
  'sandbox.accountNotOpened': SANDBOX_MESSAGES.accountNotOpened,
  'sandbox.noAccountToFreeze': SANDBOX_MESSAGES.noAccountToFreeze,
  'sandbox.amountNoDecimals': amountDecimalsMessage(0),
  'sandbox.amountOneDecimal': amountDecimalsMessage(1),
  'sandbox.amountDecimals': 'Amount can have at most {{decimals}} decimal places',
  // The generic string rules (`{{n}}`, `{{value}}`), the KYC record's, its documents' and identity verification's
  // messages: each carried by the contracts in both languages, which a client loads as i18next namespaces.
  ...templatesOf('rule', RULE_MESSAGES.en),
  ...templatesOf('kyc', KYC_MESSAGES.en),
  ...templatesOf('kycDocument', KYC_DOCUMENT_MESSAGES.en),
  ...templatesOf('verification', VERIFICATION_MESSAGES.en),
} as const;

export type ServerMessageKey = keyof typeof SERVER_MESSAGE_TEMPLATES;
export const SERVER_MESSAGE_KEYS = Object.keys(SERVER_MESSAGE_TEMPLATES) as ServerMessageKey[];

export type ServerMessageParams = Readonly<Record<string, string | number>>;

/** A keyed message: what a reply carries beside the English text. */
export interface ServerMessage {
  readonly key: ServerMessageKey;
  readonly params?: ServerMessageParams;
}

export function isServerMessageKey(value: unknown): value is ServerMessageKey {
  return typeof value === 'string' && Object.hasOwn(SERVER_MESSAGE_TEMPLATES, value);
}

/** A keyed message with its parameters (numbers and strings, as the English text shows them). */
export function serverMessage(key: ServerMessageKey, params?: ServerMessageParams): ServerMessage {
  return params === undefined ? { key } : { key, params };
}

/** The English text of a keyed message: the one place it is rendered. */
export function renderServerMessage(message: ServerMessage): string {
  const params = message.params ?? {};
  return SERVER_MESSAGE_TEMPLATES[message.key].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/**
 * The key of a catalogue text that takes no parameters, or undefined. For texts that travel as plain strings before
 * they reach the reply (the schemas' validation messages, catalogue constants a use case throws): such a text is
 * its key's one rendering. Texts with parameters are never looked up: their code passes the ServerMessage itself.
 */
const KEY_OF_TEXT: ReadonlyMap<string, ServerMessageKey> = (() => {
  const map = new Map<string, ServerMessageKey>();
  for (const key of SERVER_MESSAGE_KEYS) {
    const template = SERVER_MESSAGE_TEMPLATES[key];
    if (!template.includes('{{') && !map.has(template)) map.set(template, key);
  }
  return map;
})();

export function serverMessageOfText(text: string): ServerMessage | undefined {
  const key = KEY_OF_TEXT.get(text);
  return key === undefined ? undefined : { key };
}

/** Document 2's 'Asset {0} not supported!' as a keyed message, naming the ticker as the caller wrote it. */
export function assetNotSupported(ticker: string): ServerMessage {
  return serverMessage('asset.notSupported', { ticker });
}

/**
 * The sandbox amount rule (sandbox.ts's sandboxAmountProblem) as a keyed message, or null when the amount is fine:
 * a plain text takes the key of the catalogue that owns it ('Amount is required' is the transfers'), the decimals
 * message its own (amountDecimalsKey).
 */
export function sandboxAmountMessage(value: unknown, decimals: number): ServerMessage | null {
  const text = sandboxAmountProblem(value, decimals);
  if (text === null) return null;
  if (text === amountDecimalsMessage(decimals)) return amountDecimalsKey(decimals);
  const keyed = serverMessageOfText(text);
  if (keyed === undefined) throw new Error(`The amount rule's message '${text}' has no key`);
  return keyed;
}
