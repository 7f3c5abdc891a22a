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
import { SERVER_MESSAGE_KEYS, renderServerMessage, serverMessage, serverMessageOfText } from './server-messages';
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
    // Two texts with a parameter are functions beside their catalogues.
    expect(SERVER_MESSAGE_KEYS).toHaveLength(count + 2);
    expect(SERVER_MESSAGE_KEYS).toContain('card.declined');
    expect(SERVER_MESSAGE_KEYS).toContain('rule.maxLength');
    expect(SERVER_MESSAGE_KEYS).toContain('kyc.olderThan18');
  });

  it('finds the key of a parameterless catalogue text, never of a text with parameters or a free one', () => {
    expect(serverMessageOfText(RAMP_QUOTE_MESSAGES.quoteExpired)).toEqual({ key: 'ramp.quoteExpired' });
    expect(serverMessageOfText(RAMP_QUOTE_MESSAGES.amountBelowMinimum('1.00', 'USD'))).toBeUndefined();
    expect(serverMessageOfText('Something nobody wrote')).toBeUndefined();
  });
});
