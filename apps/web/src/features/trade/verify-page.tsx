import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { TradeHeader } from './components/trade-header';
import { TRADE_PATHS } from './paths';

/**
 * /trade/verify (R2 step-up): the authenticator code before an order. The API has no call yet that checks a code
 * for a trade (it arrives with orders), so a well-formed code leads to the same honest notice as the summary.
 */
export function VerifyPage() {
  const { t } = useTranslation('trade', { useSuspense: true });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notYet, setNotYet] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('verify.codeInvalid'));
      return;
    }
    setError(null);
    setNotYet(true);
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-6">
      <TradeHeader title={t('verify.title')} intro={t('verify.intro')} backTo={TRADE_PATHS.summary} />
      <TextField name="code" label={t('verify.codeLabel')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={setCode} error={error} />
      {notYet ? (
        <p role="status" className="rounded-xl bg-surface-muted p-3 text-sm text-ink">
          {t('verify.notYet')}
        </p>
      ) : null}
      <Button type="submit" fullWidth>
        {t('verify.submit')}
      </Button>
    </form>
  );
}
