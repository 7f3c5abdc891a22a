import type { CardDeclineCode, CardFunding } from '@rampart/contracts';

/** What a test card does in the sandbox (docs/sandbox.md, "Cards"). */
export interface TestCardBehaviour {
  funding: CardFunding;
  /** Refused at the add step with this code. */
  addDecline?: CardDeclineCode;
  /** What a charge does once the card is added. */
  charge: 'approve' | 'card_declined' | 'insufficient_funds';
}

/**
 * The documented test numbers (digits only). Any other number that passes the checks is a debit card that is
 * added and charged successfully.
 */
export const TEST_CARDS: Readonly<Record<string, TestCardBehaviour & { label: string }>> = {
  '4242424242424242': { label: 'Visa debit: added, charges approved', funding: 'debit', charge: 'approve' },
  '5555555555554444': { label: 'Mastercard debit: added, charges approved', funding: 'debit', charge: 'approve' },
  '378282246310005': {
    label: 'American Express (4-digit CVC): added, charges approved',
    funding: 'debit',
    charge: 'approve',
  },
  '6011111111111117': { label: 'Discover: added, charges approved', funding: 'debit', charge: 'approve' },
  '4000000000000002': {
    label: "Declined at the add step: 'Your card was declined.'",
    funding: 'debit',
    addDecline: 'card_declined',
    charge: 'card_declined',
  },
  '4000000000000127': {
    label: "Refused at the add step: 'Your card's security code is incorrect.'",
    funding: 'debit',
    addDecline: 'incorrect_cvc',
    charge: 'card_declined',
  },
  '4000000000009995': {
    label: "Added; charges declined: 'Your card has insufficient funds.'",
    funding: 'debit',
    charge: 'insufficient_funds',
  },
  '4000000000000341': {
    label: "Added; charges declined: 'Your card was declined.'",
    funding: 'debit',
    charge: 'card_declined',
  },
  '4111111111111111': {
    label: "A credit card: refused, 'Only debit cards are accepted. Please use a debit card.'",
    funding: 'credit',
    charge: 'approve',
  },
};

const DEFAULT: TestCardBehaviour = { funding: 'debit', charge: 'approve' };

export function testCardBehaviour(number: string): TestCardBehaviour {
  return TEST_CARDS[number] ?? DEFAULT;
}
