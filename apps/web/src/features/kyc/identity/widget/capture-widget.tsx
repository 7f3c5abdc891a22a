import { ScanFace } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Button } from '../../../../components/ui/button';
import { CaptureProgress } from './capture-progress';
import { DocumentFields } from './document-fields';
import { PhotoFields } from './photo-fields';
import type { CaptureWidgetProps } from './types';
import { useCaptureWidget } from './use-capture-widget';

/**
 * The identity-capture widget (document 1, section 2, KYC screen 3; docs/decisions/010): the document's type,
 * issuing country and expiry, photos of its front and (but for a passport) back, and a selfie; then the uploads
 * with their progress and the submission. The same widget runs on this device and on the phone; only `api`
 * differs. Its state and commands are in `use-capture-widget.ts`.
 */
export function CaptureWidget({ onBack, ...props }: CaptureWidgetProps) {
  const { t } = useTranslation('idv', { useSuspense: true });
  const capture = useCaptureWidget(props);
  const { busy, errors, phase } = capture;

  return (
    <section className="flex flex-col gap-6" aria-labelledby="idv-widget-title">
      <div className="flex flex-col items-center gap-2 text-center">
        <div
          className="flex h-14 w-14 items-center justify-center rounded-full bg-primary-soft text-primary-ink"
          aria-hidden="true"
        >
          <ScanFace size={28} />
        </div>
        <h1 id="idv-widget-title" className="text-2xl font-bold tracking-tight text-balance text-ink">
          {t('widget.title')}
        </h1>
        <p className="text-base leading-relaxed text-pretty text-ink-muted">{t('widget.description')}</p>
      </div>

      <Form validationBehavior="aria" onSubmit={capture.submit} className="flex flex-col gap-6" aria-busy={busy}>
        <DocumentFields {...capture} />
        <PhotoFields {...capture} />

        {errors.form ? (
          <p
            role="alert"
            data-testid="capture-error"
            className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
          >
            {errors.form}
          </p>
        ) : null}

        <CaptureProgress phase={phase} />

        <div className="flex flex-col gap-3">
          <Button type="submit" fullWidth isDisabled={busy}>
            {busy ? t('widget.working') : t('widget.submit')}
          </Button>
          {onBack ? (
            <Button type="button" variant="secondary" fullWidth isDisabled={busy} onPress={onBack}>
              {t('widget.backToPhone')}
            </Button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

export default CaptureWidget;
