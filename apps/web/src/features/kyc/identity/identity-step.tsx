import { Suspense } from 'react';
import { ShieldX, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdBlockerNotice } from '../../../components/ui/ad-blocker-notice';
import { MessageBlock } from '../../../components/ui/message-block';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdBlockDetected } from './ad-block-probe';
import { PhoneEntry } from './phone-entry';
import { ResubmitNotice } from './resubmit-notice';
import { SmsSent } from './sms-sent';
import { useIdentityStep, type IdentityStepProps } from './use-identity-step';
import { CaptureWidgetHost } from './widget-host';

export { PHONE_LINK_DELAY_MS, type IdentityStepProps } from './use-identity-step';

function IdentityStepScreens(props: IdentityStepProps) {
  const { t } = useTranslation('idv', { useSuspense: true });
  const step = useIdentityStep(props);
  const { screen, reason } = step;

  if (step.loading) return <Skeleton />;

  switch (screen.name) {
    case 'device':
      return (
        <div className="flex flex-col gap-6">
          {reason ? <ResubmitNotice reason={reason} /> : null}
          <CaptureWidgetHost
            api={step.captureApi}
            defaultCountry={step.userCountry}
            deviceId={step.device}
            onSubmitted={step.finish}
            onBack={step.backToPhone}
          />
        </div>
      );
    case 'sent':
      return (
        <SmsSent
          api={step.api}
          link={screen.link}
          phone={screen.phone}
          onChangePhone={step.backToPhone}
          onOutcome={step.onOutcome}
        />
      );
    case 'refused':
      return screen.status === 'resubmit' ? (
        <MessageBlock
          tone="warning"
          icon={<TriangleAlert size={30} />}
          title={t('refused.resubmitTitle')}
          message={screen.reason ?? t('refused.noReason')}
          help={t('refused.resubmitHelp')}
          nextLabel={t('refused.captureAgain')}
          onNext={() => step.captureAgain(screen.reason ?? t('refused.noReason'))}
        />
      ) : (
        // A rejected capture cannot be submitted again (the session accepts captures only while it is
        // not_started, capturing or resubmit): the flow moves on and the application's status tells the rest.
        <MessageBlock
          tone="danger"
          icon={<ShieldX size={30} />}
          title={t('refused.rejectedTitle')}
          message={screen.reason ?? t('refused.noReason')}
          help={t('refused.rejectedHelp')}
          nextLabel={t('refused.continue')}
          onNext={step.finish}
        />
      );
    case 'phone':
    case 'linkReady':
      return (
        <div className="flex flex-col gap-6">
          {reason ? <ResubmitNotice reason={reason} /> : null}
          <PhoneEntry
            api={step.api}
            phone={step.phone}
            onPhoneChange={step.setPhone}
            country={step.phoneCountry}
            onCountryChange={step.setPhoneCountry}
            onSent={step.linkSent}
            onAlreadySubmitted={step.finish}
            {...(step.thisDeviceAllowed ? { onUseThisDevice: step.chooseThisDevice } : {})}
            sentLink={screen.name === 'linkReady' ? { link: screen.link, phone: screen.phone } : null}
          />
        </div>
      );
  }
}

/**
 * /kyc/identity (document 1, section 2, KYC screen 3; docs/decisions/010): the phone entry screen, the
 * 'Thank You' screen while the user continues on the phone, or the capture widget on this device. Its state is in
 * `use-identity-step.ts`.
 */
export function IdentityStep(props: IdentityStepProps) {
  // R21: when the deployment sets a probe address and a blocker stops it, the notice covers the step, which would
  // fail further on (the inline notice is the widget's own, when its code does not load).
  const adBlocked = useAdBlockDetected();
  return (
    <Suspense fallback={<Skeleton />}>
      <IdentityStepScreens {...props} />
      {adBlocked ? <AdBlockerNotice variant="modal" /> : null}
    </Suspense>
  );
}
