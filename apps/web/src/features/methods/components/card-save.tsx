import { CreditCard, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CARD_BRAND_LABELS, cardExpiry } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { CARD_STEP_HEADINGS, NICKNAME, type AddedCard, type CardForm } from '../use-card-form';
import { Mask } from './mask';

/**
 * The card the hosted form reported, while it is saved; when the request ended in errors, the errors, the nickname
 * to correct and the choice of trying again or adding another card.
 */
export function CardSave({ form, card }: { form: CardForm; card: AddedCard }) {
  const { t } = useTranslation('methods', { useSuspense: true });
  const { saving, request } = form;
  return (
    <form onSubmit={form.retry} noValidate className="flex flex-col gap-5">
      <header className="flex flex-col gap-2">
        <h1
          id={CARD_STEP_HEADINGS.save}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-ink outline-none"
        >
          {saving ? t('card.savingTitle') : t('card.failedTitle')}
        </h1>
        {saving ? (
          <p role="status" className="flex items-center gap-2 text-base text-ink-muted">
            <Loader2 size={18} className="animate-spin" aria-hidden="true" />
            {t('card.saving')}
          </p>
        ) : null}
      </header>
      <div className="flex items-center gap-3 rounded-xl border border-line p-4">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-ink"
        >
          <CreditCard size={20} />
        </span>
        <div>
          <p className="font-semibold text-ink">
            {CARD_BRAND_LABELS[card.brand]} <Mask digits={card.last4} />
          </p>
          <p className="text-sm text-ink-muted">
            {t('list.expires', { expiry: cardExpiry(card.expMonth, card.expYear) })}
          </p>
        </div>
      </div>
      {request.errors.length > 0 ? (
        <div role="alert" data-testid="card-errors" className="rounded-xl border border-danger bg-danger-soft p-4">
          <p className="text-sm font-semibold text-danger">{t('card.failed')}</p>
          <ul className="mt-1 list-disc pl-5 text-sm text-ink">
            {request.errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {saving ? null : (
        <>
          <TextField
            label={t('card.nickname')}
            name={NICKNAME}
            description={t('card.nicknameHelp')}
            value={form.nickname}
            onChange={form.setNickname}
            maxLength={50}
            error={request.fields[NICKNAME] ?? null}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button variant="secondary" onPress={form.anotherCard}>
              {t('card.another')}
            </Button>
            <Button type="submit">{t('card.retry')}</Button>
          </div>
        </>
      )}
    </form>
  );
}
