import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createSandboxCardProcessor, SANDBOX_FORM_TOKEN_TTL_MS } from './sandbox';
import { CardProcessorError, type CardProcessorProvider } from './types';

const now = new Date('2030-06-15T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const visa = { number: '4242424242424242', expMonth: '12', expYear: '2033', cvc: '123' };

async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof CardProcessorError) return `${error.code}@${error.field}`;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** The card processor sandbox against its own tables (decision 017). */
describe('the card processor sandbox', () => {
  let t: TestApp;
  let processor: CardProcessorProvider;
  let n = 0;
  const customer = () => `customer-${++n}`;

  beforeAll(async () => {
    t = await createTestApp();
    processor = createSandboxCardProcessor({ db: t.db });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function addedCard(customerId: string, details = visa) {
    const { token } = await processor.createFormToken({ customerId, purpose: 'add', now });
    return processor.addCard({ token, card: details, now });
  }

  it('keeps tokens as SHA-256 only, and the card as brand, last four, expiry and funding', async () => {
    const customerId = customer();
    const { token, expiresAt } = await processor.createFormToken({ customerId, purpose: 'add', now });
    expect(token).toMatch(/^cft_[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toEqual(later(SANDBOX_FORM_TOKEN_TTL_MS));
    const { rows } = await t.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM card_processor_sandbox_tokens WHERE customer_id = $1',
      [customerId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(token.slice(4, 20));
    const card = await processor.addCard({ token, card: visa, now });
    expect(card).toEqual({
      id: card.id,
      customerId,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2033,
      funding: 'debit',
      detached: false,
    });
    expect(await processor.getCard({ cardId: card.id, customerId })).toEqual(card);
    // Another customer does not see it.
    expect(await processor.getCard({ cardId: card.id, customerId: 'someone-else' })).toBeNull();
  });

  it('a token is for one purpose, once, until it expires', async () => {
    const customerId = customer();
    const add = await processor.createFormToken({ customerId, purpose: 'add', now });
    expect(await refusal(processor.charge({ token: add.token, cvc: '123', now }))).toBe('token_invalid@token');
    expect(
      await refusal(processor.addCard({ token: add.token, card: visa, now: later(SANDBOX_FORM_TOKEN_TTL_MS) })),
    ).toBe('token_invalid@token');
    expect((await processor.inspectFormToken(add.token, later(SANDBOX_FORM_TOKEN_TTL_MS)))?.state).toBe('expired');
    await processor.addCard({ token: add.token, card: visa, now: later(SANDBOX_FORM_TOKEN_TTL_MS - 1) });
    expect(await refusal(processor.addCard({ token: add.token, card: visa, now }))).toBe('token_used@token');
    expect((await processor.inspectFormToken(add.token, now))?.state).toBe('used');
    expect(await processor.inspectFormToken('cft_nothing', now)).toBeNull();
    expect(await refusal(processor.addCard({ token: 'not-a-token', card: visa, now }))).toBe('token_invalid@token');
  });

  it('charges: approved, declined by the test number, or declined once the card expired; one approval per charge', async () => {
    const customerId = customer();
    const card = await addedCard(customerId);
    const poor = await addedCard(customerId, { ...visa, number: '4000000000009995' });
    const token = async (cardId: string, reference: string) =>
      (await processor.createFormToken({ customerId, purpose: 'charge', cardId, amount: 10400n, reference, now }))
        .token;

    // Two live tokens of one charge used at the same time: one approval, the other refused.
    const [a, b] = [await token(card.id, 'ref-1'), await token(card.id, 'ref-1')];
    const results = await Promise.allSettled([
      processor.charge({ token: a, cvc: '123', now }),
      processor.charge({ token: b, cvc: '123', now }),
    ]);
    const approved = results.filter((r) => r.status === 'fulfilled');
    expect(approved).toHaveLength(1);
    const authorization = (approved[0] as PromiseFulfilledResult<Awaited<ReturnType<CardProcessorProvider['charge']>>>)
      .value;
    expect(authorization).toMatchObject({
      cardId: card.id,
      customerId,
      amount: 10400n,
      currency: 'USD',
      reference: 'ref-1',
      status: 'approved',
      declineCode: null,
      declineMessage: null,
    });
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'token_used' } });
    expect(
      await processor.getAuthorization({ authorizationId: authorization.id, customerId: 'someone-else' }),
    ).toBeNull();

    const declined = await processor.charge({ token: await token(poor.id, 'ref-2'), cvc: '123', now });
    expect(declined).toMatchObject({
      status: 'declined',
      declineCode: 'insufficient_funds',
      declineMessage: 'Your card has insufficient funds.',
    });

    const expiredLater = await processor.charge({
      token: (
        await processor.createFormToken({
          customerId,
          purpose: 'charge',
          cardId: card.id,
          amount: 100n,
          reference: 'ref-3',
          now: new Date('2034-01-01T00:00:00Z'),
        })
      ).token,
      cvc: '123',
      now: new Date('2034-01-01T00:00:00Z'),
    });
    expect(expiredLater).toMatchObject({ status: 'declined', declineCode: 'card_declined' });

    // Voiding releases the approved authorization of a charge.
    await processor.voidAuthorizations({ reference: 'ref-1', customerId, now });
    expect((await processor.getAuthorization({ authorizationId: authorization.id, customerId }))?.status).toBe(
      'voided',
    );
  });

  it('a detached card cannot be charged and its open tokens die', async () => {
    const customerId = customer();
    const card = await addedCard(customerId);
    const { token } = await processor.createFormToken({
      customerId,
      purpose: 'charge',
      cardId: card.id,
      amount: 100n,
      reference: 'ref-d',
      now,
    });
    await processor.detachCard({ cardId: card.id, customerId, now });
    expect((await processor.getCard({ cardId: card.id, customerId }))?.detached).toBe(true);
    expect(await refusal(processor.charge({ token, cvc: '123', now }))).toBe('token_invalid@token');
    expect(
      await refusal(
        processor.createFormToken({
          customerId,
          purpose: 'charge',
          cardId: card.id,
          amount: 100n,
          reference: 'ref-e',
          now,
        }),
      ),
    ).toBe('card_not_found@card');
  });

  it("refresh: the customer's own unused token, once", async () => {
    const customerId = customer();
    const first = await processor.createFormToken({ customerId, purpose: 'add', now });
    expect(await refusal(processor.refreshFormToken({ token: first.token, customerId: 'someone-else', now }))).toBe(
      'token_invalid@token',
    );
    const second = await processor.refreshFormToken({
      token: first.token,
      customerId,
      now: later(SANDBOX_FORM_TOKEN_TTL_MS * 2),
    });
    expect(second.expiresAt).toEqual(later(SANDBOX_FORM_TOKEN_TTL_MS * 3));
    expect((await processor.inspectFormToken(first.token, now))?.state).toBe('revoked');
    expect(await refusal(processor.refreshFormToken({ token: first.token, customerId, now }))).toBe(
      'token_invalid@token',
    );
  });
});
