import { useState } from 'react';
import { FileWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { FieldError, fieldErrorId } from '../../../components/ui/field-error';
import { LinkButton } from '../../../components/ui/link-button';
import { MessageBlock } from '../../../components/ui/message-block';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSnackbar } from '../../../components/ui/snackbar';
import { isApiError, useApi } from '../../../lib/api';
import { useServerText } from '../../../lib/server-text';
import { useAgreementPreview } from '../api/agreement-preview';
import { submitAgreement } from '../api/submit-agreement';
import { UploadedDocuments } from './uploaded-documents';

/**
 * KYC_ACCEPT_TERMS: the custodial agreement filled in with the user's details, accepted and signed with the first
 * and last name joined by a space (document 1, section 3). The signature makes the account pending.
 */
export function TermsStep({
  onSigned,
  onCaptureMissing,
}: {
  onSigned(): Promise<void> | void;
  onCaptureMissing(): void;
}) {
  const { t } = useTranslation('kyc', { useSuspense: true });
  const { t: shell } = useTranslation();
  const serverText = useServerText();
  const api = useApi();
  const snackbar = useSnackbar();
  const preview = useAgreementPreview();
  const [accepted, setAccepted] = useState(false);
  const [showRequired, setShowRequired] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  if (preview.isPending) return <Skeleton />;
  if (preview.isError) {
    return (
      <MessageBlock
        tone="danger"
        icon={<FileWarning size={30} />}
        title={t('terms.loadError')}
        onNext={() => void preview.refetch()}
        nextLabel={t('terms.retry')}
      />
    );
  }
  const { title, content, signature } = preview.data.data;

  async function sign() {
    if (!accepted) {
      setShowRequired(true);
      return;
    }
    if (submitting) return;
    setSubmitting(true);
    try {
      await submitAgreement(api, signature);
      await onSigned();
    } catch (error) {
      setSubmitting(false);
      if (isApiError(error) && error.code === 'verification_incomplete') {
        snackbar.show({ message: error.message, severity: 'warning' });
        onCaptureMissing();
        return;
      }
      snackbar.show({
        message: isApiError(error) ? serverText.ofError(error) : shell('common.unexpected'),
        severity: 'error',
      });
    }
  }

  const paragraphs = content.split(/\n{2,}/);
  return (
    <section className="flex flex-col">
      <h1 className="text-2xl font-bold tracking-tight text-ink">{t('terms.title')}</h1>
      <p className="mt-2 text-base text-ink-muted">{t('terms.intro')}</p>
      <div
        // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        role="region"
        aria-label={t('terms.textLabel')}
        data-testid="agreement-text"
        className="mt-4 max-h-72 overflow-y-auto rounded-xl border border-line-strong bg-surface-muted px-4 py-3 text-sm leading-relaxed text-ink outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        <h2 className="mb-2 text-base font-semibold">{title}</h2>
        {paragraphs.slice(1).map((paragraph, i) => (
          <p key={i} className="mb-2 whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      <Checkbox
        isSelected={accepted}
        onChange={(value) => {
          setAccepted(value);
          if (value) setShowRequired(false);
        }}
        aria-describedby={showRequired ? fieldErrorId('accept') : undefined}
        className="group mt-5 flex min-h-11 cursor-pointer items-start gap-3 text-base text-ink"
      >
        <span
          aria-hidden="true"
          className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-md border-2 border-line-strong bg-surface group-data-[selected]:border-primary group-data-[selected]:bg-primary group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-focus"
        >
          <svg
            viewBox="0 0 16 16"
            className="hidden h-4 w-4 fill-none stroke-on-primary stroke-[2.5] group-data-[selected]:block"
          >
            <polyline points="3 8.5 6.5 12 13 4.5" />
          </svg>
        </span>
        <span>{t('terms.accept')}</span>
      </Checkbox>
      <FieldError
        field="accept"
        message={showRequired ? t('terms.acceptRequired') : null}
        id={fieldErrorId('accept')}
      />
      <div className="mt-4 rounded-xl border border-line px-4 py-3">
        <p className="text-sm font-semibold text-ink">{t('terms.signatureLabel')}</p>
        <p className="mt-1 font-serif text-xl italic text-ink" data-testid="agreement-signature">
          {signature}
        </p>
        <p className="mt-1 text-sm text-ink-muted">{t('terms.signatureHelp')}</p>
      </div>
      {/* What goes with the application: the documents captured in the step before. */}
      <UploadedDocuments />
      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <LinkButton to="/kyc/details" variant="secondary">
          {t('terms.editDetails')}
        </LinkButton>
        <Button onPress={() => void sign()} isDisabled={submitting} aria-busy={submitting}>
          {submitting ? t('terms.submitting') : t('terms.submit')}
        </Button>
      </div>
    </section>
  );
}
