import { describe, expect, it } from 'vitest';
import {
  CARD_FORM_MESSAGE_TYPE,
  CardContributionTokenRequest,
  CardFormMessage,
  CardProcessorAddCardRequest,
  CcMethodAddRequest,
  CcMethodListReply,
  cardExpiry,
  cardFormUrl,
  defaultCardNickname,
} from './cards';

const ID = '6f1c2a4e-8b3d-4c5e-9f6a-0b1c2d3e4f5a';

describe('card schemas', () => {
  it("takes document 2's cc-method-add payload and refuses other methods, card numbers and unknown keys", () => {
    expect(
      CcMethodAddRequest.safeParse({
        fundsTransferMethodId: ID,
        fundsTransferMethod: 'credit_card',
        nickname: 'Groceries',
      }).success,
    ).toBe(true);
    expect(
      CcMethodAddRequest.safeParse({ fundsTransferMethodId: ID, fundsTransferMethod: 'credit_card' }).success,
    ).toBe(true);
    expect(
      CcMethodAddRequest.safeParse({ fundsTransferMethodId: ID, fundsTransferMethod: 'plaid', nickname: 'x' }).success,
    ).toBe(false);
    expect(
      CcMethodAddRequest.safeParse({ fundsTransferMethodId: '1 OR 1=1', fundsTransferMethod: 'credit_card' }).success,
    ).toBe(false);
    expect(
      CcMethodAddRequest.safeParse({
        fundsTransferMethodId: ID,
        fundsTransferMethod: 'credit_card',
        number: '4242424242424242',
      }).success,
    ).toBe(false);
    expect(
      CcMethodAddRequest.safeParse({
        fundsTransferMethodId: ID,
        fundsTransferMethod: 'credit_card',
        nickname: 'x'.repeat(51),
      }).success,
    ).toBe(false);
  });

  it('lists with success, errors.errors, errors.fields and methods', () => {
    const method = {
      fundsTransferMethodId: ID,
      nickname: 'Visa 4242',
      fundsTransferMethod: 'credit_card',
      brand: 'visa',
      last4: '4242',
      expMonth: 4,
      expYear: 2031,
      expiry: '04/31',
      funding: 'debit',
      expired: false,
    };
    expect(
      CcMethodListReply.parse({ success: true, errors: { errors: [], fields: {} }, methods: [method] }).methods[0]
        ?.last4,
    ).toBe('4242');
    expect(CcMethodListReply.safeParse({ success: true, methods: [method] }).success).toBe(false);
  });

  it('lets any amount shape through to the use case, but only uuids as method ids', () => {
    expect(CardContributionTokenRequest.safeParse({ fundsTransferMethodId: ID, amount: '10.5' }).success).toBe(true);
    expect(CardContributionTokenRequest.safeParse({ fundsTransferMethodId: ID, amount: 10 }).success).toBe(true);
    expect(CardContributionTokenRequest.safeParse({ fundsTransferMethodId: 'x', amount: '1' }).success).toBe(false);
  });

  it("bounds the hosted form's card fields", () => {
    expect(
      CardProcessorAddCardRequest.safeParse({
        token: 'cft_abc',
        number: '4242 4242 4242 4242',
        expMonth: '4',
        expYear: '2031',
        cvc: '123',
      }).success,
    ).toBe(true);
    expect(CardProcessorAddCardRequest.safeParse({ token: 'cft abc' }).success).toBe(false);
    expect(CardProcessorAddCardRequest.safeParse({ token: 'cft_abc', number: '4'.repeat(41) }).success).toBe(false);
  });

  it('parses the postMessage protocol and rejects foreign messages', () => {
    const added = {
      type: CARD_FORM_MESSAGE_TYPE,
      event: 'card-added',
      fundsTransferMethodId: ID,
      nickname: 'Visa 4242',
      brand: 'visa',
      last4: '4242',
      expMonth: 4,
      expYear: 2031,
    };
    expect(CardFormMessage.parse(added).event).toBe('card-added');
    expect(CardFormMessage.safeParse({ ...added, type: 'other' }).success).toBe(false);
    expect(CardFormMessage.safeParse({ type: CARD_FORM_MESSAGE_TYPE, event: 'unknown' }).success).toBe(false);
  });

  it('formats the form address, the expiry and the default nickname', () => {
    expect(cardFormUrl('cft_a-b', 'es')).toBe('/api/card-form?token=cft_a-b&lang=es');
    expect(cardExpiry(4, 2031)).toBe('04/31');
    expect(defaultCardNickname('amex', '0005')).toBe('American Express 0005');
  });
});
