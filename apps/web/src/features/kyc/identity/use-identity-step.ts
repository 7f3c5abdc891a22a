import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CLIENT_CONSTANTS, isRestrictedCountry, type SendSmsReply } from '@rampart/contracts';
import { useFeatureFlags } from '../../../lib/config';
import { useApi } from '../../../lib/api';
import { userCountryQueryOptions } from '../details/api/get-user-country';
import { signedInCaptureApi } from './capture-api';
import { deviceId, type PollOutcome } from './model';

export interface IdentityStepProps {
  /** The capture is recorded (here or on the phone): called once. */
  onCaptured(): void;
  /** The identity service asked for new photos (status resubmit): its reason, shown above the phone entry. */
  resubmitReason?: string | null;
}

export type IdentityScreen =
  | { name: 'phone' }
  | { name: 'linkReady'; link: string; phone: string }
  | { name: 'sent'; link: string; phone: string }
  | { name: 'device' }
  | { name: 'refused'; status: 'resubmit' | 'rejected'; reason: string | null };

/** Document 2, section 9: the link is passed on after 1 s, then the SMS-sent screen shows. */
export const PHONE_LINK_DELAY_MS = CLIENT_CONSTANTS.phoneLinkDelayMs;

/** When the user's country cannot be read (or is restricted), the phone country starts here. */
const FALLBACK_PHONE_COUNTRY = 'US';

/**
 * The identity step's state: which screen shows (the phone entry, the link's QR code then 'Thank You', the widget on
 * this device, a refusal), the phone and its country, the reason to capture again, and the one call of `onCaptured`.
 */
export function useIdentityStep({ onCaptured, resubmitReason }: IdentityStepProps) {
  const api = useApi();
  const captureApi = useMemo(() => signedInCaptureApi(api), [api]);
  const flags = useFeatureFlags();
  const [device] = useState(() => deviceId());
  const country = useQuery({ ...userCountryQueryOptions(useApi()), retry: false });
  const [screen, setScreen] = useState<IdentityScreen>({ name: 'phone' });
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

  return {
    api,
    captureApi,
    device,
    loading: country.isPending,
    userCountry,
    screen,
    reason,
    phone,
    setPhone,
    phoneCountry,
    setPhoneCountry: setChosenCountry,
    /** The phone entry offers "use this device" only without the identity service's own capture (Socure). */
    thisDeviceAllowed: !flags.socure,
    finish,
    onOutcome,
    backToPhone: () => setScreen({ name: 'phone' }),
    chooseThisDevice: () => setScreen({ name: 'device' }),
    linkSent: (reply: SendSmsReply, e164: string) => setScreen({ name: 'linkReady', link: reply.link, phone: e164 }),
    /** The user captures again after a resubmit: its reason stays above the phone entry. */
    captureAgain: (again: string) => {
      setRefusedReason(again);
      setScreen({ name: 'phone' });
    },
  };
}
