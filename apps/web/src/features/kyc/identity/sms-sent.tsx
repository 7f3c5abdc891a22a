import { useEffect, useRef } from 'react';
import { LoaderCircle, MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VerificationStatusReply } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { QrCode } from '../../../components/ui/qr-code';
import type { ApiClient } from '../../../lib/api';
import { formatPhone, pollOutcome, type PollOutcome } from './model';

/** How often the computer asks whether the phone finished (our choice; the original's widget pushed events). */
export const STATUS_POLL_MS = 3000;

export interface SmsSentProps {
  api: ApiClient;
  link: string;
  phone: string;
  onChangePhone(): void;
  onOutcome(outcome: Exclude<PollOutcome, { kind: 'waiting' }>): void;
}

/**
 * 'Thank You / Check back here to finish submission / Please continue on your phone' with 'Change Phone Number'
 * (document 1, section 2; R10 fixes 'submittion'). The link's QR code is shown too, for a phone whose SMS is slow.
 * Meanwhile the session's status is read every 3 s: the phone's submission moves the flow on here.
 */
export function SmsSent({ api, link, phone, onChangePhone, onOutcome }: SmsSentProps) {
  const { t } = useTranslation('idv', { useSuspense: true });
  const report = useRef(onOutcome);
  useEffect(() => {
    report.current = onOutcome;
  }, [onOutcome]);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // undefined until the first answer: a decision that was there before the link is not news.
    let baseline: string | null | undefined;
    const controller = new AbortController();
    const check = async () => {
      try {
        const session = await api.request('/socure/status', {
          body: {},
          schema: VerificationStatusReply,
          signal: controller.signal,
        });
        if (!live) return;
        if (baseline === undefined) baseline = session.submittedAt;
        const outcome = pollOutcome(session, baseline);
        if (outcome.kind !== 'waiting') {
          report.current(outcome);
          return;
        }
      } catch (error) {
        // A failed check is tried again at the next tick; the screen keeps waiting.
        if (!live) return;
        console.debug('[idv] status check failed', error);
      }
      timer = setTimeout(() => void check(), STATUS_POLL_MS);
    };
    void check();
    return () => {
      live = false;
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, link]);

  return (
    <section className="flex flex-col items-center gap-5 text-center" aria-labelledby="idv-sent-title">
      <div
        className="flex h-16 w-16 items-center justify-center rounded-full bg-success-soft text-success"
        aria-hidden="true"
      >
        <MailCheck size={32} />
      </div>
      <div className="flex flex-col gap-2">
        <h1 id="idv-sent-title" className="text-2xl font-bold tracking-tight text-balance text-ink">
          {t('sent.title')}
        </h1>
        <p className="text-base font-semibold text-ink">{t('sent.checkBack')}</p>
        <p className="text-base text-ink-muted">{t('sent.continueOnPhone')}</p>
        <p className="text-sm text-ink-muted" data-testid="idv-sent-to">
          {t('sent.linkSentTo', { phone: formatPhone(phone) })}
        </p>
      </div>
      <figure className="flex flex-col items-center gap-2">
        <QrCode value={link} alt={t('sent.qrAlt')} size={192} testId="idv-qr" />
        <figcaption className="max-w-64 text-sm text-ink-muted">{t('sent.qrHint')}</figcaption>
      </figure>
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <LoaderCircle size={16} className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        {t('sent.waiting')}
      </p>
      <Button variant="secondary" fullWidth onPress={onChangePhone}>
        {t('sent.changePhone')}
      </Button>
    </section>
  );
}
