import { useEffect } from 'react';
import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CARD_BRAND_LABELS } from '@rampart/contracts';
import { LinkButton } from '../../../components/ui/link-button';
import { isApiError } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { useCardMethods } from '../api/card-methods';
import { addCardPath } from '../paths';
import { ChoiceGroup } from './choice-group';

function Bar({ className }: { className: string }) {
  return <div className={['animate-shimmer rounded-lg bg-surface-muted', className].join(' ')} />;
}

/**
 * The card a card deposit charges; an expired card is not offered, and the one usable card is chosen. None: a link to
 * add one, which comes back here.
 */
export function CardChoice(props: {
  value: string | null;
  onChange(id: string): void;
  error?: string | null;
  returnTo: string;
}) {
  const { t } = useTranslation('money', { useSuspense: true });
  const serverText = useServerText();
  const cards = useCardMethods(true);
  const usableCards = cards.data?.filter((card) => !card.expired);
  const onlyCard = usableCards?.length === 1 ? usableCards[0]?.fundsTransferMethodId : undefined;
  const { value, onChange } = props;
  // One card that can be charged: it is the choice, as the one usable linked bank is (decision 055).
  useEffect(() => {
    if (value === null && onlyCard !== undefined) onChange(onlyCard);
  }, [value, onlyCard, onChange]);

  if (cards.isPending) {
    return (
      <div role="status" aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">{t('cards.loading')}</span>
        <Bar className="h-4 w-28" />
        <Bar className="h-14 w-full rounded-xl" />
      </div>
    );
  }
  if (cards.error) {
    return (
      <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger">
        {t('cards.failed', {
          details: isApiError(cards.error) ? serverText.ofError(cards.error) : t('errors.unexpected'),
        })}
      </p>
    );
  }
  const usable = cards.data.filter((card) => !card.expired);
  if (usable.length === 0) {
    return (
      <div
        data-testid="no-card"
        className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-line-strong p-4"
      >
        <p className="flex items-center gap-2 font-semibold text-ink">
          <CreditCard size={18} aria-hidden="true" />
          {t('cards.noneTitle')}
        </p>
        <p className="text-sm text-ink-muted">{t('cards.noneText')}</p>
        <LinkButton to={addCardPath(props.returnTo)} variant="secondary">
          {t('cards.add')}
        </LinkButton>
      </div>
    );
  }
  return (
    <ChoiceGroup
      label={t('cards.label')}
      name="cardMethodId"
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      choices={usable.map((card) => ({
        value: card.fundsTransferMethodId,
        label: card.nickname || `${CARD_BRAND_LABELS[card.brand]} ${card.last4}`,
        detail: t('cards.detail', { brand: CARD_BRAND_LABELS[card.brand], last4: card.last4, expiry: card.expiry }),
      }))}
    />
  );
}
