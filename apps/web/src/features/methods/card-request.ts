import type { CardMethod } from '@rampart/contracts';

/**
 * The card method request of document 1, section 4 (the method state's ccMethodRequestStatus): not started, then
 * started, then success, and success even when the server answers errors; the errors are kept to be shown
 * (errors.errors as a list, errors.fields under their fields).
 */
export const CARD_REQUEST_STATUSES = ['not_started', 'started', 'success'] as const;
export type CardRequestStatus = (typeof CARD_REQUEST_STATUSES)[number];

export interface CardRequestState {
  status: CardRequestStatus;
  errors: string[];
  fields: Record<string, string>;
  method: CardMethod | null;
}

export type CardRequestEvent =
  | { type: 'start' }
  | { type: 'added'; method: CardMethod }
  | { type: 'failed'; errors: string[]; fields: Record<string, string> }
  | { type: 'reset' };

export const INITIAL_CARD_REQUEST: CardRequestState = { status: 'not_started', errors: [], fields: {}, method: null };

export function cardRequestReducer(state: CardRequestState, event: CardRequestEvent): CardRequestState {
  switch (event.type) {
    case 'start':
      return { status: 'started', errors: [], fields: {}, method: null };
    case 'added':
      return { status: 'success', errors: [], fields: {}, method: event.method };
    case 'failed':
      // As document 1 says: the request is over (success), and what went wrong is in the errors.
      return { status: 'success', errors: event.errors, fields: event.fields, method: null };
    case 'reset':
      return INITIAL_CARD_REQUEST;
  }
}

/** Whether the finished request added the card (success without errors). */
export function cardAdded(state: CardRequestState): state is CardRequestState & { method: CardMethod } {
  return state.status === 'success' && state.method !== null;
}
