import { Camera, Clock, IdCard, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { PHONE_MAX_LENGTH, type SendSmsReply } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { QrCode } from '../../../components/ui/qr-code';
import { TextField } from '../../../components/ui/text-field';
import type { ApiClient } from '../../../lib/api';
import { CountryPicker } from '../details/country-picker';
import { formatPhone } from './model';
import { usePhoneEntry } from './use-phone-entry';

export interface PhoneEntryProps {
  api: ApiClient;
  phone: string;
  onPhoneChange(value: string): void;
  country: string | null;
  onCountryChange(code: string | null): void;
  /** The link was sent (E.164 number, the link the SMS carries). */
  onSent(reply: SendSmsReply, e164: string): void;
  /** The session cannot take a capture any more (409): the capture is done already. */
  onAlreadySubmitted(): void;
  /** Absent when the deployment takes captures on the phone only (flag "socure", docs/feature-flags.md). */
  onUseThisDevice?: () => void;
  /** Between the reply and the 'Thank You' screen (1 s), the form gives way to the link's QR code. */
  sentLink: { link: string; phone: string } | null;
}

/**
 * The phone entry screen (document 1, section 2, KYC screen 3): the heading, the three lines, a phone number with
 * its country, 'Start KYC Verification'; and the choice to capture on this device instead. Its state
 * and the send are in `use-phone-entry.ts`.
 */
export function PhoneEntry({
  api,
  phone,
  onPhoneChange,
  country,
  onCountryChange,
  onSent,
  onAlreadySubmitted,
  onUseThisDevice,
  sentLink,
}: PhoneEntryProps) {
  const { t } = useTranslation('idv', { useSuspense: true });
  const { error, pending, changePhone, submit } = usePhoneEntry({
    api,
    phone,
    country,
    onPhoneChange,
    onSent,
    onAlreadySubmitted,
  });

  const lines = [
    { icon: Camera, text: t('intro.selfie') },
    { icon: IdCard, text: t('intro.document') },
    { icon: Clock, text: t('intro.time') },
  ];

  return (
    <section className="flex flex-col gap-6" aria-labelledby="idv-title">
      <div className="flex flex-col gap-2 text-center">
        <h1 id="idv-title" className="text-2xl font-bold tracking-tight text-balance text-ink">
          {t('intro.title')}
        </h1>
        <p className="text-base leading-relaxed text-pretty text-ink-muted">{t('intro.description')}</p>
      </div>
      <ul className="flex flex-col gap-3">
        {lines.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 text-base text-ink">
            <span
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-ink"
              aria-hidden="true"
            >
              <Icon size={20} />
            </span>
            {text}
          </li>
        ))}
      </ul>

      {sentLink ? (
        <div
          className="flex flex-col items-center gap-3 rounded-xl border border-line p-4 text-center"
          data-testid="idv-link-ready"
        >
          <p role="status" className="text-base font-semibold text-ink">
            {t('sent.linkSentTo', { phone: formatPhone(sentLink.phone) })}
          </p>
          <QrCode value={sentLink.link} alt={t('sent.qrAlt')} size={192} testId="idv-qr" />
        </div>
      ) : (
        <Form validationBehavior="aria" onSubmit={submit} className="flex flex-col gap-4">
          <CountryPicker
            label={t('phone.country')}
            value={country}
            onChange={onCountryChange}
            restricted="exclude"
            testId="phoneCountry"
          />
          <TextField
            name="phone"
            type="tel"
            label={t('phone.label')}
            description={t('phone.hint')}
            autoComplete="tel-national"
            inputMode="tel"
            maxLength={PHONE_MAX_LENGTH}
            value={phone}
            onChange={changePhone}
            error={error}
          />
          <Button type="submit" fullWidth isDisabled={pending}>
            <Smartphone size={18} aria-hidden="true" />
            {pending ? t('phone.sending') : t('phone.submit')}
          </Button>
          {onUseThisDevice ? (
            <>
              <div className="flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
                <span className="h-px flex-1 bg-line" />
                {t('phone.or')}
                <span className="h-px flex-1 bg-line" />
              </div>
              <Button type="button" variant="secondary" fullWidth isDisabled={pending} onPress={onUseThisDevice}>
                {t('phone.useThisDevice')}
              </Button>
            </>
          ) : null}
        </Form>
      )}
    </section>
  );
}
