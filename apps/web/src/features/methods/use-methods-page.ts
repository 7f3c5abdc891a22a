import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/ui/snackbar';
import { isApiError, useApi } from '../../lib/api';
import { useServerText } from '../../lib/server-text';
import { banksKey, useBanks } from '../../lib/queries/banks';
import { cardsKey, useCards } from '../../lib/queries/cards';
import { useInstitutions } from './api/institutions';
import { methodsKey } from './api/keys';
import { removeBankAccount } from './api/remove-bank-account';
import { removeCardMethod } from './api/remove-card-method';
import { useAction } from './use-action';

export interface Removal {
  kind: 'bank' | 'card';
  id: string;
  /** "First Platypus Bank Checking ending in 0000": what the dialog names. */
  label: string;
}

class RemovalError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
  }
}

/** What a failed read or removal shows: the reply's message in the user's language (by key), else `fallback`. */
function useReadError() {
  const serverText = useServerText();
  return (error: unknown, fallback: string): string => {
    if (error instanceof RemovalError) return error.message;
    return isApiError(error) ? serverText.ofError(error) : fallback;
  };
}

/**
 * The state of /methods: the linked banks and cards (with the banks' logos), the removal being confirmed, and the
 * removal itself, which says how it went in the snackbar and reads the lists again.
 */
export function useMethodsPage() {
  const { t } = useTranslation('methods', { useSuspense: true });
  const api = useApi();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const banks = useBanks();
  const cards = useCards();
  const institutions = useInstitutions();
  const readError = useReadError();
  const [removal, setRemoval] = useState<Removal | null>(null);

  const logos = useMemo(
    () => new Map((institutions.data ?? []).map((institution) => [institution.id, institution.logo])),
    [institutions.data],
  );

  const remove = useAction(
    async (target: Removal) => {
      if (target.kind === 'bank') return removeBankAccount(api, target.id);
      const reply = await removeCardMethod(api, target.id);
      // Document 2, section 8: a removal whose reply carries errors.errors shows them.
      if (reply.errors.errors.length > 0) throw new RemovalError(reply.errors.errors);
      return reply;
    },
    {
      onSuccess: (_reply, target) =>
        snackbar.show({
          message: t(target.kind === 'bank' ? 'remove.bankRemoved' : 'remove.cardRemoved', { method: target.label }),
          severity: 'success',
        }),
      // Document 2, section 8: a removal that answers errors shows them.
      onError: (error) => snackbar.show({ message: readError(error, t('errors.unexpected')), severity: 'error' }),
      onSettled: () => {
        // The dialog closes either way: while a modal is open the rest of the page (the snackbar too) is hidden from
        // assistive technology, and the toast must be heard.
        setRemoval(null);
        void queryClient.invalidateQueries({ queryKey: methodsKey });
        void queryClient.invalidateQueries({ queryKey: banksKey });
        void queryClient.invalidateQueries({ queryKey: cardsKey });
      },
    },
  );

  const bankList = banks.data ?? [];
  const cardList = cards.data?.methods ?? [];
  const empty =
    banks.isSuccess && bankList.length === 0 && (cards.isError || (cards.isSuccess && cardList.length === 0));

  return {
    readError,
    banks,
    cards,
    bankList,
    cardList,
    logos,
    empty,
    removal,
    askRemoval: setRemoval,
    cancelRemoval: () => setRemoval(null),
    confirmRemoval: () => {
      if (removal) remove.mutate(removal);
    },
    removing: remove.isPending,
  };
}
