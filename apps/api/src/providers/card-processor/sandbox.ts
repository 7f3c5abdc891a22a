import { createHash, randomBytes } from 'node:crypto';
import {
  CARD_MESSAGES,
  type CardBrand,
  type CardDeclineCode,
  type CardFunding,
  type CardTokenPurpose,
} from '@rampart/contracts';
import type { Db, Queryable } from '../../db';
import { checkCard, checkCvc, isExpired } from './card-rules';
import { testCardBehaviour } from './test-cards';
import {
  CardProcessorError,
  type AuthorizationStatus,
  type CardProcessorProvider,
  type FormTokenInfo,
  type FormTokenState,
  type ProcessorAuthorization,
  type ProcessorCard,
} from './types';

/** Hosted form tokens live 10 minutes: a card is typed in one sitting; an expired one is refreshed. */
export const SANDBOX_FORM_TOKEN_TTL_MS = 10 * 60_000;
/** Refusals a token takes before it dies (a form cannot be used to try card numbers one after another). */
export const SANDBOX_FORM_TOKEN_MAX_ATTEMPTS = 10;

const TOKEN_PREFIX = 'cft_';

interface CardRow {
  id: string;
  customer_id: string;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: CardFunding;
  charge_outcome: 'approve' | 'card_declined' | 'insufficient_funds';
  detached_at: Date | null;
  [key: string]: unknown;
}

interface TokenRow {
  id: string;
  customer_id: string;
  purpose: CardTokenPurpose;
  card_id: string | null;
  amount: string | null;
  reference: string | null;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  [key: string]: unknown;
}

interface AuthorizationRow {
  id: string;
  card_id: string;
  customer_id: string;
  amount: string;
  reference: string;
  status: AuthorizationStatus;
  decline_code: CardDeclineCode | null;
  [key: string]: unknown;
}

const DECLINE_MESSAGES: Record<CardDeclineCode, string> = {
  card_declined: CARD_MESSAGES.en.declined,
  insufficient_funds: CARD_MESSAGES.en.insufficientFunds,
  incorrect_cvc: CARD_MESSAGES.en.incorrectCvc,
  debit_only: CARD_MESSAGES.en.debitOnly,
};

export function declineMessage(code: CardDeclineCode): string {
  return DECLINE_MESSAGES[code];
}

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const newToken = () => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

function toCard(row: CardRow): ProcessorCard {
  return {
    id: row.id,
    customerId: row.customer_id,
    brand: row.brand,
    last4: row.last4,
    expMonth: Number(row.exp_month),
    expYear: Number(row.exp_year),
    funding: row.funding,
    detached: row.detached_at !== null,
  };
}

function toAuthorization(row: AuthorizationRow): ProcessorAuthorization {
  return {
    id: row.id,
    cardId: row.card_id,
    customerId: row.customer_id,
    amount: BigInt(row.amount),
    currency: 'USD',
    reference: row.reference,
    status: row.status,
    declineCode: row.decline_code,
    declineMessage: row.decline_code ? declineMessage(row.decline_code) : null,
  };
}

function stateOf(row: TokenRow, now: Date): FormTokenState {
  if (row.used_at) return 'used';
  if (row.revoked_at) return 'revoked';
  return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'valid';
}

const tokenInvalid = () => new CardProcessorError('token_invalid', 'token', CARD_MESSAGES.en.tokenInvalid);
const tokenUsed = () => new CardProcessorError('token_used', 'token', CARD_MESSAGES.en.tokenUsed);

/**
 * The built-in card processor sandbox (decision 017). It keeps its own store (tables `card_processor_sandbox_*`),
 * as a real processor keeps its vault, and even there no card number: the test number decides the card's behaviour
 * at tokenisation (docs/sandbox.md, "Cards") and only the brand, last four, expiry, funding and that behaviour are
 * kept. Tokens are random, stored as SHA-256, single use, 10 minutes.
 */
export function createSandboxCardProcessor(options: { db: Db; debitOnly?: boolean }): CardProcessorProvider {
  const { db } = options;
  const debitOnly = options.debitOnly ?? true;

  async function insertToken(
    q: Queryable,
    input: {
      customerId: string;
      purpose: CardTokenPurpose;
      cardId: string | null;
      amount: bigint | null;
      reference: string | null;
      now: Date;
    },
  ) {
    const token = newToken();
    const expiresAt = new Date(input.now.getTime() + SANDBOX_FORM_TOKEN_TTL_MS);
    await q.query(
      `INSERT INTO card_processor_sandbox_tokens (token_hash, customer_id, purpose, card_id, amount, currency, reference, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        hashOf(token),
        input.customerId,
        input.purpose,
        input.cardId,
        input.amount?.toString() ?? null,
        input.amount === null ? null : 'USD',
        input.reference,
        expiresAt,
        input.now,
      ],
    );
    return { token, expiresAt };
  }

  async function findToken(q: Queryable, token: string, forUpdate = false): Promise<TokenRow | undefined> {
    if (!token.startsWith(TOKEN_PREFIX)) return undefined;
    const { rows } = await q.query<TokenRow>(
      `SELECT * FROM card_processor_sandbox_tokens WHERE token_hash = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [hashOf(token)],
    );
    return rows[0];
  }

  /** The token, usable for `purpose` now, locked; or the error the form shows. */
  async function usableToken(q: Queryable, token: string, purpose: CardTokenPurpose, now: Date): Promise<TokenRow> {
    const row = await findToken(q, token, true);
    if (!row || row.purpose !== purpose) throw tokenInvalid();
    const state = stateOf(row, now);
    if (state === 'used') throw tokenUsed();
    if (state !== 'valid') throw tokenInvalid();
    return row;
  }

  /** Runs the card checks; a refusal counts against the token, which dies at the limit. */
  async function counted<T>(token: TokenRow, check: () => T, now: Date): Promise<T> {
    try {
      return check();
    } catch (error) {
      await db.query(
        `UPDATE card_processor_sandbox_tokens SET attempts = attempts + 1,
           revoked_at = CASE WHEN attempts + 1 >= $2 THEN COALESCE(revoked_at, $3) ELSE revoked_at END
         WHERE id = $1`,
        [token.id, SANDBOX_FORM_TOKEN_MAX_ATTEMPTS, now],
      );
      throw error;
    }
  }

  async function findCard(q: Queryable, cardId: string): Promise<CardRow | undefined> {
    const { rows } = await q.query<CardRow>('SELECT * FROM card_processor_sandbox_cards WHERE id = $1', [cardId]);
    return rows[0];
  }

  return {
    kind: 'sandbox',

    async createFormToken(input) {
      if (input.purpose === 'add')
        return insertToken(db, {
          customerId: input.customerId,
          purpose: 'add',
          cardId: null,
          amount: null,
          reference: null,
          now: input.now,
        });
      const card = await findCard(db, input.cardId);
      if (!card || card.customer_id !== input.customerId || card.detached_at)
        throw new CardProcessorError('card_not_found', 'card', 'No such card');
      return insertToken(db, {
        customerId: input.customerId,
        purpose: 'charge',
        cardId: card.id,
        amount: input.amount,
        reference: input.reference,
        now: input.now,
      });
    },

    async inspectFormToken(token, now): Promise<FormTokenInfo | null> {
      const row = await findToken(db, token);
      if (!row) return null;
      const card = row.card_id ? await findCard(db, row.card_id) : undefined;
      return {
        purpose: row.purpose,
        customerId: row.customer_id,
        state: stateOf(row, now),
        expiresAt: row.expires_at,
        card: card ? toCard(card) : null,
        amount: row.amount === null ? null : BigInt(row.amount),
        reference: row.reference,
      };
    },

    async refreshFormToken({ token, customerId, now }) {
      return db.transaction(async (tx) => {
        const row = await findToken(tx, token, true);
        // Another customer's token reads as no token at all.
        if (!row || row.customer_id !== customerId) throw tokenInvalid();
        if (row.used_at) throw tokenUsed();
        if (row.revoked_at) throw tokenInvalid();
        await tx.query('UPDATE card_processor_sandbox_tokens SET revoked_at = $2 WHERE id = $1', [row.id, now]);
        return insertToken(tx, {
          customerId,
          purpose: row.purpose,
          cardId: row.card_id,
          amount: row.amount === null ? null : BigInt(row.amount),
          reference: row.reference,
          now,
        });
      });
    },

    async revokeChargeTokens({ reference, now }) {
      await db.query(
        'UPDATE card_processor_sandbox_tokens SET revoked_at = $2 WHERE reference = $1 AND used_at IS NULL AND revoked_at IS NULL',
        [reference, now],
      );
    },

    async addCard({ token, card, now }) {
      // The token is checked first (a dead form cannot probe card numbers), then the card, then it is used up.
      const first = await findToken(db, token);
      if (!first || first.purpose !== 'add') throw tokenInvalid();
      const firstState = stateOf(first, now);
      if (firstState === 'used') throw tokenUsed();
      if (firstState !== 'valid') throw tokenInvalid();
      const { checked, behaviour } = await counted(
        first,
        () => {
          const checked = checkCard(card, now);
          const behaviour = testCardBehaviour(checked.number);
          if (behaviour.addDecline) {
            const field = behaviour.addDecline === 'incorrect_cvc' ? 'cvc' : 'number';
            throw new CardProcessorError(behaviour.addDecline, field, declineMessage(behaviour.addDecline));
          }
          if (debitOnly && behaviour.funding === 'credit')
            throw new CardProcessorError('debit_only', 'number', declineMessage('debit_only'));
          return { checked, behaviour };
        },
        now,
      );
      return db.transaction(async (tx) => {
        const row = await usableToken(tx, token, 'add', now);
        await tx.query('UPDATE card_processor_sandbox_tokens SET used_at = $2 WHERE id = $1', [row.id, now]);
        const { rows } = await tx.query<CardRow>(
          `INSERT INTO card_processor_sandbox_cards (customer_id, brand, last4, exp_month, exp_year, funding, charge_outcome, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
          [
            row.customer_id,
            checked.brand,
            checked.last4,
            checked.expMonth,
            checked.expYear,
            behaviour.funding,
            behaviour.charge,
            now,
          ],
        );
        return toCard(rows[0]!);
      });
    },

    async charge({ token, cvc, now }) {
      const first = await findToken(db, token);
      if (!first || first.purpose !== 'charge' || !first.card_id) throw tokenInvalid();
      const firstState = stateOf(first, now);
      if (firstState === 'used') throw tokenUsed();
      if (firstState !== 'valid') throw tokenInvalid();
      const card = await findCard(db, first.card_id);
      if (!card || card.detached_at) throw tokenInvalid();
      await counted(first, () => checkCvc(cvc, card.brand === 'amex' ? 4 : 3), now);
      return db.transaction(async (tx) => {
        // Every token of this charge locked, in one order: two tokens of one charge are used one after the other.
        await tx.query('SELECT id FROM card_processor_sandbox_tokens WHERE reference = $1 ORDER BY id FOR UPDATE', [
          first.reference,
        ]);
        const row = await usableToken(tx, token, 'charge', now);
        // One approved authorization per charge: a second token of the same charge cannot charge the card again.
        const approved = await tx.query(
          "SELECT 1 FROM card_processor_sandbox_authorizations WHERE reference = $1 AND status = 'approved'",
          [row.reference],
        );
        if (approved.rows.length > 0) throw tokenUsed();
        await tx.query('UPDATE card_processor_sandbox_tokens SET used_at = $2 WHERE id = $1', [row.id, now]);
        const expired = isExpired(Number(card.exp_month), Number(card.exp_year), now);
        const decline: CardDeclineCode | null = expired
          ? 'card_declined'
          : card.charge_outcome === 'approve'
            ? null
            : card.charge_outcome;
        const { rows } = await tx.query<AuthorizationRow>(
          `INSERT INTO card_processor_sandbox_authorizations (card_id, customer_id, amount, currency, reference, status, decline_code, created_at, updated_at)
           VALUES ($1, $2, $3, 'USD', $4, $5, $6, $7, $7) RETURNING *`,
          [card.id, row.customer_id, row.amount, row.reference, decline ? 'declined' : 'approved', decline, now],
        );
        return toAuthorization(rows[0]!);
      });
    },

    async getCard({ cardId, customerId }) {
      const card = await findCard(db, cardId);
      return card && card.customer_id === customerId ? toCard(card) : null;
    },

    async detachCard({ cardId, customerId, now }) {
      await db.query(
        'UPDATE card_processor_sandbox_cards SET detached_at = $3 WHERE id = $1 AND customer_id = $2 AND detached_at IS NULL',
        [cardId, customerId, now],
      );
      await db.query(
        'UPDATE card_processor_sandbox_tokens SET revoked_at = $2 WHERE card_id = $1 AND used_at IS NULL AND revoked_at IS NULL',
        [cardId, now],
      );
    },

    async getAuthorization({ authorizationId, customerId }) {
      const { rows } = await db.query<AuthorizationRow>(
        'SELECT * FROM card_processor_sandbox_authorizations WHERE id = $1 AND customer_id = $2',
        [authorizationId, customerId],
      );
      return rows[0] ? toAuthorization(rows[0]) : null;
    },

    async voidAuthorizations({ reference, customerId, now }) {
      await db.query(
        "UPDATE card_processor_sandbox_authorizations SET status = 'voided', updated_at = $3 WHERE reference = $1 AND customer_id = $2 AND status = 'approved'",
        [reference, customerId, now],
      );
    },
  };
}
