import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatAmount } from '../../../lib/format';
import { ASSET_WITHDRAW_FOCUS, type WithdrawAssetForm } from '../use-withdraw-asset-form';

/**
 * The step-up of an asset withdrawal (decision 054): the checked request, where the code went, the code field, and
 * sending the code again or going back to the request.
 */
export function AssetWithdrawVerify({
  form,
  verifying,
}: {
  form: WithdrawAssetForm;
  verifying: NonNullable<WithdrawAssetForm['verifying']>;
}) {
  const { t } = useTranslation('money', { useSuspense: true });
  const app = verifying.challenge.challengeName === 'SOFTWARE_TOKEN_MFA';
  const sent = verifying.challenge.codeDeliveryDetails;
  const intro = app
    ? t('assetWithdraw.introApp')
    : t(verifying.challenge.challengeName === 'SMS_OTP' ? 'assetWithdraw.introSms' : 'assetWithdraw.introEmail', {
        destination: sent?.destination ?? '',
      });
  return (
    <form onSubmit={form.submit} noValidate className="flex flex-col gap-4" data-testid="asset-withdraw-verify">
      <h2 id={ASSET_WITHDRAW_FOCUS.verify} tabIndex={-1} className="text-lg font-semibold text-ink outline-none">
        {t('assetWithdraw.verifyTitle')}
      </h2>
      {/* The address is one long word: it wraps anywhere rather than widen a phone's page. */}
      <p className="text-base wrap-anywhere text-ink">
        {t('assetWithdraw.verifySummary', {
          amount: formatAmount(String(verifying.draft.amount), { ticker: verifying.draft.assetTicker }),
          address: verifying.draft.address,
        })}
      </p>
      <p className="text-sm text-ink-muted">{intro}</p>
      <TextField
        name="code"
        label={app ? t('assetWithdraw.codeLabelApp') : t('assetWithdraw.codeLabel')}
        description={t('assetWithdraw.codeSafety')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={form.code}
        onChange={form.setCode}
        error={form.errors.code}
      />
      {form.resent && sent ? (
        <p role="status" className="text-sm text-ink">
          {t('assetWithdraw.resent', { destination: sent.destination })}
        </p>
      ) : null}
      <Button type="submit" fullWidth isDisabled={form.sending}>
        {form.sending ? t('assetWithdraw.sending') : t('assetWithdraw.verifySubmit')}
      </Button>
      {sent ? (
        <Button variant="secondary" fullWidth isDisabled={form.askingForCode} onPress={form.resend}>
          {t('assetWithdraw.resend')}
        </Button>
      ) : null}
      <Button variant="secondary" fullWidth onPress={form.edit}>
        {t('assetWithdraw.edit')}
      </Button>
    </form>
  );
}
