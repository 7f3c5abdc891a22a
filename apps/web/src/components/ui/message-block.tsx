import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

export const MESSAGE_TONES = {
  info: { icon: Info, className: 'bg-primary-soft text-primary-ink' },
  success: { icon: CheckCircle2, className: 'bg-success-soft text-success' },
  warning: { icon: AlertTriangle, className: 'bg-warning-soft text-warning' },
  danger: { icon: XCircle, className: 'bg-danger-soft text-danger' },
} as const;
export type MessageTone = keyof typeof MESSAGE_TONES;

export interface MessageBlockProps {
  title: string;
  message?: ReactNode;
  /** Extra help under the message (a support link, what to do next). */
  help?: ReactNode;
  tone?: MessageTone;
  /** Replaces the tone's icon. */
  icon?: ReactNode;
  /** The page's h1 by default; 2 when the block sits inside a page or a dialog with its own h1. */
  headingLevel?: 1 | 2;
  /** The heading's id when the block is a step that takes focus as it appears (`useStepFocus`; it can take focus). */
  headingId?: string;
  onBack?: () => void;
  backLabel?: string;
  onNext?: () => void;
  nextLabel?: string;
  /** Rendered in place of the Next button (e.g. a link). */
  actions?: ReactNode;
}

/** The generic message block of document 1: icon, title, message, help block, optional Back and Next. */
export function MessageBlock({
  title,
  message,
  help,
  tone = 'info',
  icon,
  headingLevel = 1,
  headingId,
  onBack,
  backLabel,
  onNext,
  nextLabel,
  actions,
}: MessageBlockProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const ToneIcon = MESSAGE_TONES[tone].icon;
  const hasActions = onBack || onNext || actions;
  return (
    <section className="flex flex-col items-center text-center">
      <div
        className={['mb-5 flex h-16 w-16 items-center justify-center rounded-full', MESSAGE_TONES[tone].className].join(
          ' ',
        )}
        aria-hidden="true"
      >
        {icon ?? <ToneIcon size={32} strokeWidth={2} />}
      </div>
      <Heading
        id={headingId}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-ink text-balance outline-none"
      >
        {title}
      </Heading>
      {message ? (
        <div className="mt-3 text-base leading-relaxed wrap-anywhere text-ink-muted text-pretty">{message}</div>
      ) : null}
      {help ? (
        <div className="mt-4 w-full rounded-xl bg-surface-muted px-4 py-3 text-sm text-ink-muted">{help}</div>
      ) : null}
      {hasActions ? (
        <div className="mt-8 flex w-full flex-col-reverse gap-3 sm:flex-row sm:justify-center">
          {onBack ? (
            <Button variant="secondary" onPress={onBack} className="sm:min-w-32">
              {backLabel ?? t('common.back')}
            </Button>
          ) : null}
          {actions}
          {onNext ? (
            <Button onPress={onNext} className="sm:min-w-32">
              {nextLabel ?? t('common.next')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
