import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendSmsReply } from '@rampart/contracts';
import { useSnackbar } from '../../../components/ui/snackbar';
import { isApiError, type ApiClient } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { checkPhone } from './model';

/**
 * The phone entry screen's state: the phone field's message and the send in progress, and the command that checks the
 * number and sends the link with /socure/send_sms. A refused number lands on the field, a used-up session hands over
 * (409), anything else is a snackbar.
 */
export function usePhoneEntry({
  api,
  phone,
  country,
  onPhoneChange,
  onSent,
  onAlreadySubmitted,
}: {
  api: ApiClient;
  phone: string;
  country: string | null;
  onPhoneChange(value: string): void;
  /** The link was sent (E.164 number, the link the SMS carries). */
  onSent(reply: SendSmsReply, e164: string): void;
  /** The session cannot take a capture any more (409). */
  onAlreadySubmitted(): void;
}) {
  const { t } = useTranslation('idv', { useSuspense: true });
  const snackbar = useSnackbar();
  const serverText = useServerText();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  /** A new number drops the message about the old one. */
  const changePhone = (value: string) => {
    onPhoneChange(value);
    setError(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkPhone(phone, country);
    if (!checked.ok) {
      setError(t('phone.invalid'));
      return;
    }
    setPending(true);
    api.request('/socure/send_sms', { body: { phone: checked.e164 }, schema: SendSmsReply }).then(
      (reply) => {
        setPending(false);
        onSent(reply, checked.e164);
      },
      (cause: unknown) => {
        setPending(false);
        if (isApiError(cause) && cause.statusCode === 409) {
          onAlreadySubmitted();
          return;
        }
        if (isApiError(cause) && cause.fields.phone) {
          setError(t('phone.invalid'));
          return;
        }
        const message = !isApiError(cause)
          ? t('errors.unexpected')
          : cause.kind === 'connection'
            ? t('errors.connection')
            : cause.statusCode === 429
              ? t('errors.rateLimited')
              : serverText.ofError(cause);
        snackbar.show({ message, severity: 'error' });
      },
    );
  };

  return { error, pending, changePhone, submit };
}
