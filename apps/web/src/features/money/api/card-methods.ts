import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api';
import { cardsQueryOptions } from '../../../lib/queries/cards';

/** The user's cards, from the one shared list (lib/queries/cards.ts); an expired one cannot pay. */
export function useCardMethods(enabled: boolean) {
  return useQuery({ ...cardsQueryOptions(useApi()), select: (reply) => reply.methods, enabled });
}
