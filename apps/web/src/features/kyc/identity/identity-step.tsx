import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RotateCcw, ShieldX, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CLIENT_CONSTANTS, isRestrictedCountry, UserCountryReply, type SendSmsReply } from '@rampart/contracts';
import { useFeatureFlags } from '../../../lib/config';
import { AdBlockerNotice } from '../../../components/ui/ad-blocker-notice';
import { MessageBlock } from '../../../components/ui/message-block';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApi } from '../../../lib/api';
import { useAdBlockDetected } from './ad-block-probe';
import { signedInCaptureApi } from './capture-api';
import { deviceId, type PollOutcome } from './model';
import { PhoneEntry } from './phone-entry';
import { SmsSent } from './sms-sent';
import { CaptureWidgetHost } from './widget-host';

export interface IdentityStepProps {
  /** The capture is recorded (here or on the phone): called once. */
  onCaptured(): void;
  /** The identity service asked for new photos (status resubmit): its reason, shown above the phone entry. */
  resubmitReason?: string | null;
}

type Screen =
  | { name: 'phone' }
  | { name: 'linkReady'; link: string; phone: string }
  | { name: 'sent'; link: string; phone: string }
  | { name: 'device' }
  | { name: 'refused'; status: 'resubmit' | 'rejected'; reason: string | null };

/** Document 2, section 9: the link is passed on after 1 s, then the SMS-sent screen shows. */
export const PHONE_LINK_DELAY_MS = CLIENT_CONSTANTS.phoneLinkDelayMs;

/** When the user's country cannot be read (or is restricted), the phone country starts here. */
const FALLBACK_PHONE_COUNTRY = 'US';

function useUserCountry() {
  const api = useApi();
  return useQuery({
    queryKey: ['kyc', 'user-country'],
    // R23: the KYC record's country, else a guess from the language headers. A read: it retries (R16).
    queryFn: ({ signal }) => api.request('/user/country', { body: {}, retry: true, signal, schema: UserCountryReply }),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

function ResubmitNotice({ reason }: { reason: string }) {
  const { t } = useTranslation('idv', { useSuspense: true });
  return (
    <div
      role="status"
      data-testid="idv-resubmit"
      className="flex items-start gap-3 rounded-xl border border-warning bg-warning-soft p-4 text-ink"
    >
      <RotateCcw className="mt-0.5 shrink-0 text-warning" size={22} aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{t('resubmit.title')}</p>
        <p className="text-sm leading-relaxed">{reason}</p>
      </div>
    </div>
  );
}

function IdentityStepScreens({ onCaptured, resubmitReason }: IdentityStepProps) {
  const { t } = useTranslation('idv', { useSuspense: true });
  const api = useApi();
  const captureApi = useMemo(() => signedInCaptureApi(api), [api]);
  const flags = useFeatureFlags();
  const [device] = useState(() => deviceId());
  const country = useUserCountry();
  const [screen, setScreen] = useState<Screen>({ name: 'phone' });
  const [phone, setPhone] = useState('');
  const [chosenCountry, setChosenCountry] = useState<string | null | undefined>(undefined);
  // A refusal seen on this screen wins over the one the step was opened with.
  const [refusedReason, setRefusedReason] = useState<string | null>(null);
  const reason = refusedReason ?? resubmitReason ?? null;
  const captured = useRef(false);

  // The user's country (R23) preselects the phone country and the document's country; restricted ones are not
  // in the phone list.
  const userCountry = country.data?.country ?? null;
  const phoneCountry =
    chosenCountry !== undefined
      ? chosenCountry
      : userCountry && !isRestrictedCountry(userCountry)
        ? userCountry
        : FALLBACK_PHONE_COUNTRY;

  const finish = useCallback(() => {
    if (captured.current) return;
    captured.current = true;
    onCaptured();
  }, [onCaptured]);

  // The QR code shows at once; after 1 s the 'Thank You' screen takes over (document 2, section 9).
  useEffect(() => {
    if (screen.name !== 'linkReady') return;
    const timer = setTimeout(
      () => setScreen({ name: 'sent', link: screen.link, phone: screen.phone }),
      PHONE_LINK_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [screen]);

  const onOutcome = useCallback(
    (outcome: Exclude<PollOutcome, { kind: 'waiting' }>) => {
      if (outcome.kind === 'done') finish();
      else setScreen({ name: 'refused', status: outcome.status, reason: outcome.reason });
    },
    [finish],
  );

  if (country.isPending) return <Skeleton />;

  switch (screen.name) {
    case 'device':
      return (
        <div className="flex flex-col gap-6">
          {reason ? <ResubmitNotice reason={reason} /> : null}
          <CaptureWidgetHost
            api={captureApi}
            defaultCountry={userCountry}
            deviceId={device}
            onSubmitted={finish}
            onBack={() => setScreen({ name: 'phone' })}
          />
        </div>
      );
    case 'sent':
      return (
        <SmsSent
          api={api}
          link={screen.link}
          phone={screen.phone}
          onChangePhone={() => setScreen({ name: 'phone' })}
          onOutcome={onOutcome}
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
          onNext={() => {
            setRefusedReason(screen.reason ?? t('refused.noReason'));
            setScreen({ name: 'phone' });
          }}
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
          onNext={finish}
        />
      );
    case 'phone':
    case 'linkReady':
      return (
        <div className="flex flex-col gap-6">
          {reason ? <ResubmitNotice reason={reason} /> : null}
          <PhoneEntry
            api={api}
            phone={phone}
            onPhoneChange={setPhone}
            country={phoneCountry}
            onCountryChange={setChosenCountry}
            onSent={(reply: SendSmsReply, e164: string) =>
              setScreen({ name: 'linkReady', link: reply.link, phone: e164 })
            }
            onAlreadySubmitted={finish}
            {...(flags.socure ? {} : { onUseThisDevice: () => setScreen({ name: 'device' }) })}
            sentLink={screen.name === 'linkReady' ? { link: screen.link, phone: screen.phone } : null}
          />
        </div>
      );
  }
}

/**
 * /kyc/identity (document 1, section 2, KYC screen 3; docs/decisions/010): the phone entry screen, the
 * 'Thank You' screen while the user continues on the phone, or the capture widget on this device.
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
