import { Suspense } from 'react';
import { CheckCircle2, Clock, LinkIcon, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdBlockerNotice } from '../../../components/ui/ad-blocker-notice';
import { MessageBlock } from '../../../components/ui/message-block';
import { Skeleton } from '../../../components/ui/skeleton';
import { useServerText } from '../../../lib/server-text';
import { useAdBlockDetected } from './ad-block-probe';
import { useContinueOnPhone } from './use-continue-on-phone';
import { CaptureWidgetHost } from './widget-host';

export { forgetValidations } from './use-continue-on-phone';

function ContinueOnPhoneScreens() {
  const { t } = useTranslation('idv', { useSuspense: true });
  const { state, captureApi, device, retry, submitted, unauthorized } = useContinueOnPhone();
  const serverText = useServerText();

  switch (state.name) {
    case 'validating':
      return <Skeleton label={t('phonePage.checking')} />;
    case 'offline':
      return (
        <MessageBlock
          tone="warning"
          icon={<WifiOff size={30} />}
          title={t('phonePage.offlineTitle')}
          message={t('errors.connection')}
          nextLabel={t('phonePage.tryAgain')}
          onNext={retry}
        />
      );
    case 'invalid':
    case 'expired':
      return (
        <MessageBlock
          tone={state.name === 'expired' ? 'warning' : 'danger'}
          icon={state.name === 'expired' ? <Clock size={30} /> : <LinkIcon size={30} />}
          title={state.name === 'expired' ? t('phonePage.expiredTitle') : t('phonePage.invalidTitle')}
          message={
            <span data-testid="idv-link-message">{serverText.ofMessage(state.message.text, state.message.key)}</span>
          }
          help={t('phonePage.newLinkHelp')}
        />
      );
    case 'done':
      return (
        <MessageBlock
          tone="success"
          icon={<CheckCircle2 size={30} />}
          title={state.already ? t('phonePage.alreadyTitle') : t('phonePage.doneTitle')}
          message={t('phonePage.doneMessage')}
          help={t('phonePage.doneHelp')}
        />
      );
    case 'ready':
      if (!captureApi) return <Skeleton />;
      return (
        <CaptureWidgetHost
          api={captureApi}
          defaultCountry={state.capture.country}
          deviceId={device}
          onSubmitted={submitted}
          onUnauthorized={unauthorized}
        />
      );
  }
}

/**
 * /kyc/continue?token=… (public, on the phone; docs/decisions/010): consumes the single-use link for a capture
 * token, then runs the capture widget with it. No sign-in and nothing of a signed-in session is used. Its state is
 * in `use-continue-on-phone.ts`.
 */
export function ContinueOnPhonePage() {
  // The phone hosts the same capture widget as the identity step: the same probe, the same notice over the page (R21).
  const adBlocked = useAdBlockDetected();
  return (
    <>
      <Suspense fallback={<Skeleton />}>
        <ContinueOnPhoneScreens />
      </Suspense>
      {adBlocked ? <AdBlockerNotice variant="modal" /> : null}
    </>
  );
}
