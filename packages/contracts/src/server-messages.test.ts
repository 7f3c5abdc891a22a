import { describe, expect, it } from 'vitest';
import { ASSET_DEPOSIT_MESSAGES } from './asset-deposits';
import { ASSET_WITHDRAWAL_MESSAGES } from './asset-withdrawals';
import { BANK_LINK_MESSAGES } from './bank-link';
import { CARD_MESSAGES } from './cards';
import { IDENTITY_MESSAGES } from './identity-messages';
import { KYC_MESSAGES } from './kyc-constants';
import { KYC_DOCUMENT_MESSAGES } from './kyc-documents';
import { LEDGER_MESSAGES } from './money';
import { VERIFICATION_MESSAGES } from './identity-verification-constants';
import { RULE_MESSAGES } from './rules/messages';
import { ORDER_MESSAGES } from './ramp-orders';
import { RAMP_QUOTE_MESSAGES } from './ramp-quotes';
import { SANDBOX_MESSAGES, amountDecimalsMessage, assetNotSupportedMessage } from './sandbox';
import {
  SERVER_MESSAGE_KEYS,
  assetNotSupported,
  renderServerMessage,
  sandboxAmountMessage,
  serverMessage,
  serverMessageOfText,
} from './server-messages';
import { TRANSFER_MESSAGES } from './transfers';

describe('keyed server messages (decision 075)', () => {
  it('renders a key with its parameters as the catalogue writes it', () => {
    expect(renderServerMessage(serverMessage('ramp.amountBelowMinimum', { minimum: '1.00', ticker: 'USD' }))).toBe(
      RAMP_QUOTE_MESSAGES.amountBelowMinimum('1.00', 'USD'),
    );
    expect(renderServerMessage(serverMessage('ramp.weeklyLimitExceeded', { remaining: '250.00' }))).toBe(
      RAMP_QUOTE_MESSAGES.weeklyLimitExceeded('250.00'),
    );
    expect(renderServerMessage(serverMessage('identity.tooManyFailures', { minutes: 12 }))).toBe(
      'Too many failed attempts. Please try again in 12 minutes.',
    );
    expect(renderServerMessage(serverMessage('order.insufficientFunds'))).toBe(ORDER_MESSAGES.insufficientFunds);
  });

  it('keys every message of the catalogues', () => {
    const count = [
      IDENTITY_MESSAGES.en,
      RAMP_QUOTE_MESSAGES,
      ORDER_MESSAGES,
      TRANSFER_MESSAGES,
      CARD_MESSAGES.en,
      BANK_LINK_MESSAGES.en,
      ASSET_WITHDRAWAL_MESSAGES,
      ASSET_DEPOSIT_MESSAGES,
      LEDGER_MESSAGES,
      RULE_MESSAGES.en,
      KYC_MESSAGES.en,
      KYC_DOCUMENT_MESSAGES.en,
      VERIFICATION_MESSAGES.en,
    ]
      .map((catalogue) => Object.keys(catalogue).length)
      .reduce((a, b) => a + b, 0);
    // Two texts with a parameter are functions beside their catalogues; 'asset.notSupported' and the sandbox's seven
    // refusals are listed one by one (docs/decisions/104-every-refusal-is-keyed.md).
    expect(SERVER_MESSAGE_KEYS).toHaveLength(count + 2 + 1 + 7);
    expect(SERVER_MESSAGE_KEYS).toContain('card.declined');
    expect(SERVER_MESSAGE_KEYS).toContain('rule.maxLength');
    expect(SERVER_MESSAGE_KEYS).toContain('kyc.olderThan18');
  });

  it('finds the key of a parameterless catalogue text, never of a text with parameters or a free one', () => {
    expect(serverMessageOfText(RAMP_QUOTE_MESSAGES.quoteExpired)).toEqual({ key: 'ramp.quoteExpired' });
    expect(serverMessageOfText(RAMP_QUOTE_MESSAGES.amountBelowMinimum('1.00', 'USD'))).toBeUndefined();
    expect(serverMessageOfText('Something nobody wrote')).toBeUndefined();
  });

  it("keys document 2's 'Asset {0} not supported!' with its ticker, word for word", () => {
    expect(assetNotSupported('ZZZ')).toEqual({ key: 'asset.notSupported', params: { ticker: 'ZZZ' } });
    expect(renderServerMessage(assetNotSupported('ZZZ'))).toBe(assetNotSupportedMessage('ZZZ'));
    expect(renderServerMessage(assetNotSupported('ZZZ'))).toBe('Asset ZZZ not supported!');
  });

  it('keys every answer of the sandbox amount rule, each rendering as the rule writes it', () => {
    const cases: [unknown, number, string, string][] = [
      [undefined, 2, 'transfer.amountRequired', SANDBOX_MESSAGES.amountRequired],
      ['abc', 2, 'sandbox.amountNotNumber', SANDBOX_MESSAGES.amountNotNumber],
      [{}, 2, 'sandbox.amountNotNumber', SANDBOX_MESSAGES.amountNotNumber],
      ['-1', 2, 'transfer.amountNotPositive', SANDBOX_MESSAGES.amountNotPositive],
      ['9'.repeat(40), 2, 'sandbox.amountTooLarge', SANDBOX_MESSAGES.amountTooLarge],
      ['1.5', 0, 'sandbox.amountNoDecimals', amountDecimalsMessage(0)],
      ['1.55', 1, 'sandbox.amountOneDecimal', amountDecimalsMessage(1)],
      ['1.555', 2, 'sandbox.amountDecimals', amountDecimalsMessage(2)],
      ['1.0000001', 6, 'sandbox.amountDecimals', amountDecimalsMessage(6)],
    ];
    for (const [value, decimals, key, text] of cases) {
      const message = sandboxAmountMessage(value, decimals);
      expect(message?.key, JSON.stringify(value)).toBe(key);
      expect(renderServerMessage(message!)).toBe(text);
    }
    expect(sandboxAmountMessage('1.5', 6)).toBeNull();
    expect(sandboxAmountMessage('1.555', 2)).toEqual({ key: 'sandbox.amountDecimals', params: { decimals: 2 } });
  });
});
