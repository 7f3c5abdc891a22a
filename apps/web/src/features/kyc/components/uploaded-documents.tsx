import { FileImage, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { KycDocument } from '@rampart/contracts';
import { Button } from '../../../components/ui/button';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format';
import { useKycDocuments } from '../api/kyc-documents';

function DocumentRow({ doc }: { doc: KycDocument }) {
  const { t, i18n } = useTranslation('kyc', { useSuspense: true });
  // What a document is called: the selfie, the label the user gave (or an 'other' document's subtype), else its kind.
  const kind = doc.identityPhoto ? t('documents.types.selfie') : t(`documents.types.${doc.documentType}`);
  const name = doc.identityPhoto
    ? kind
    : (doc.label ?? (doc.documentType === 'other' ? doc.documentSubtype : null) ?? kind);
  const Icon = doc.file.mime === 'application/pdf' ? FileText : FileImage;
  const sides = doc.backFile ? t('documents.bothSides') : null;
  return (
    <li className="flex items-start gap-3 rounded-xl bg-surface-muted px-3 py-2 text-sm text-ink">
      <Icon size={20} aria-hidden="true" className="mt-0.5 shrink-0 text-ink-muted" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium break-words">{name}</span>
        <span className="text-ink-muted">{[name === kind ? null : kind, sides].filter(Boolean).join(' · ')}</span>
      </div>
      <span className="shrink-0 text-ink-muted">
        {t('documents.uploadedOn')}{' '}
        <time dateTime={doc.createdAt}>
          {formatDate(doc.createdAt, { dateStyle: 'medium' }, currentLanguage(i18n))}
        </time>
      </span>
    </li>
  );
}

/**
 * The documents the user uploaded for their application (document 2, section 7, /fileupload-user-kyc-document-list),
 * shown on the screens after the capture: the agreement and the application in review.
 */
export function UploadedDocuments() {
  const { t } = useTranslation('kyc', { useSuspense: true });
  const documents = useKycDocuments();
  return (
    <section
      aria-labelledby="kyc-documents-title"
      className="mt-6 flex w-full flex-col gap-2 text-left"
      data-testid="kyc-documents"
    >
      <h2 id="kyc-documents-title" className="text-base font-semibold text-ink">
        {t('documents.title')}
      </h2>
      {documents.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          {t('documents.loading')}
        </p>
      ) : documents.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-ink">
          <span>{t('documents.loadError')}</span>
          <Button variant="secondary" onPress={() => void documents.refetch()}>
            {t('documents.retry')}
          </Button>
        </div>
      ) : documents.data.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('documents.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-labelledby="kyc-documents-title">
          {documents.data.map((doc) => (
            <DocumentRow key={doc.id} doc={doc} />
          ))}
        </ul>
      )}
    </section>
  );
}
