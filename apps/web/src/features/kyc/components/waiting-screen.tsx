import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, CircleDashed, XCircle } from 'lucide-react';
import { KYC_CHECK_NAMES } from '@rampart/contracts';
import type { KycContactChecks } from '../../../lib/session/kyc-store';
import { ExternalLinkButton, LinkButton } from '../../../components/ui/link-button';
import { useOwnSupportLink } from '../../../lib/support-link';
import { formatCountdown, isCheckSecond, startWaiting, tickWaiting, WAITING_SECONDS } from '../waiting-model';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export interface WaitingScreenProps {
  /** Checks the KYC status (the page moves on by itself when it changes). */
  onCheck(): void;
  supportUrl?: string | null;
  /** Progress already made, 0 to 100: the ring starts at 100 minus it. */
  progress?: number;
  seconds?: number;
  random?: () => number;
  /** The custodian's checks as last read (shown as they pass). */
  checks?: KycContactChecks | null;
  /** Shown under the checks (the 'Check again' action and the documents sent). */
  children?: ReactNode;
}

const CHECK_ICONS = { pending: CircleDashed, passed: CheckCircle2, failed: XCircle } as const;
const CHECK_TONES = { pending: 'text-ink-muted', passed: 'text-success', failed: 'text-danger' } as const;

/**
 * The waiting screen (document 1, section 4): a countdown, a progress ring, 'Verifying...', the text before and at
 * zero, Contact Support and 'Go To Home'. The status is checked every 30 seconds of the countdown.
 */
export function WaitingScreen({
  onCheck,
  supportUrl,
  progress = 0,
  seconds = WAITING_SECONDS,
  random = Math.random,
  checks,
  children,
}: WaitingScreenProps) {
  const { t } = useTranslation('kyc', { useSuspense: true });
  const { t: tc } = useTranslation();
  useOwnSupportLink(Boolean(supportUrl));
  const [state, setState] = useState(() => startWaiting(progress, seconds));
  const check = useRef(onCheck);
  useEffect(() => {
    check.current = onCheck;
  }, [onCheck]);

  const done = state.secondsLeft === 0;
  const randomRef = useRef(random);
  useEffect(() => {
    randomRef.current = random;
  }, [random]);

  // One interval for the whole countdown: the ticks do not drift with re-renders.
  const latest = useRef(state);
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => {
      const next = tickWaiting(latest.current, randomRef.current);
      latest.current = next;
      setState(next);
      // Checked here, not in an effect on the state: React may render several ticks at once.
      if (isCheckSecond(next)) check.current();
    }, 1000);
    return () => clearInterval(timer);
  }, [done]);

  const ring = Math.round(state.ring);
  return (
    <section className="flex flex-col items-center text-center" data-testid="kyc-waiting">
      <div
        role="progressbar"
        aria-label={t('waiting.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={ring}
        className="relative mb-6 h-36 w-36"
      >
        <svg viewBox="0 0 120 120" className="h-full w-full -rotate-90" aria-hidden="true">
          <circle cx="60" cy="60" r={RADIUS} fill="none" strokeWidth="10" className="stroke-surface-muted" />
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="10"
            strokeLinecap="round"
            className="stroke-primary transition-[stroke-dashoffset] duration-700"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - state.ring / 100)}
          />
        </svg>
        <div className="absolute inset-0 flex flex-col items-center justify-center">
          <span className="sr-only">{t('waiting.timeLeft')}</span>
          <span className="text-2xl font-bold tabular-nums text-ink" data-testid="kyc-countdown">
            {formatCountdown(state.secondsLeft)}
          </span>
        </div>
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-ink">{t('waiting.title')}</h1>
      <p className="mt-3 text-base leading-relaxed text-ink-muted text-pretty" aria-live="polite">
        {done ? t('waiting.atZero') : t('waiting.before')}
      </p>
      {checks ? (
        <ul className="mt-5 grid w-full grid-cols-1 gap-2 text-left sm:grid-cols-2" aria-label={t('checks.label')}>
          {KYC_CHECK_NAMES.map((name) => {
            const status = checks[name] ?? 'pending';
            const Icon = CHECK_ICONS[status];
            return (
              <li key={name} className="flex items-center gap-2 rounded-xl bg-surface-muted px-3 py-2 text-sm text-ink">
                <Icon size={18} aria-hidden="true" className={CHECK_TONES[status]} />
                <span className="flex-1">{t(`checks.${name}`)}</span>
                <span className={['font-medium', CHECK_TONES[status]].join(' ')}>{t(`checks.${status}`)}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {children}
      <div className="mt-8 flex w-full flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        {supportUrl ? (
          <ExternalLinkButton href={supportUrl} variant="secondary" newTabLabel={tc('common.opensInNewTab')}>
            {tc('common.contactSupport')}
          </ExternalLinkButton>
        ) : null}
        <LinkButton to="/">{tc('common.goHome')}</LinkButton>
      </div>
    </section>
  );
}
