import { useTranslation } from 'react-i18next';
import { PhotoField } from './photo-field';
import { DOCUMENT_ACCEPT, SELFIE_ACCEPT } from './upload';
import type { CaptureWidgetState } from './use-capture-widget';

type Props = Pick<
  CaptureWidgetState,
  'documentType' | 'front' | 'back' | 'selfie' | 'errors' | 'busy' | 'backNeeded' | 'choosePhoto'
>;

/** The capture's photos: the document's front and (but for a passport) back, then the selfie. */
export function PhotoFields({ documentType, front, back, selfie, errors, busy, backNeeded, choosePhoto }: Props) {
  const { t } = useTranslation('idv', { useSuspense: true });
  return (
    <>
      <fieldset className="flex flex-col gap-3" disabled={busy}>
        <legend className="mb-3 text-lg font-bold text-ink">{t('widget.photosSection')}</legend>
        <PhotoField
          name="file"
          label={t('widget.front')}
          hint={t('widget.frontHint')}
          accept={DOCUMENT_ACCEPT}
          camera="environment"
          file={front}
          onChange={(file) => choosePhoto('file', file)}
          error={errors.file}
          isDisabled={busy}
        />
        {backNeeded ? (
          <PhotoField
            name="backFile"
            label={t('widget.back')}
            hint={t('widget.backHint')}
            accept={DOCUMENT_ACCEPT}
            camera="environment"
            file={back}
            onChange={(file) => choosePhoto('backFile', file)}
            error={errors.backFile}
            isDisabled={busy}
          />
        ) : null}
        {documentType === 'passport' ? <p className="text-sm text-ink-muted">{t('widget.passportNoBack')}</p> : null}
      </fieldset>

      <fieldset className="flex flex-col gap-3" disabled={busy}>
        <legend className="mb-3 text-lg font-bold text-ink">{t('widget.selfieSection')}</legend>
        <PhotoField
          name="selfie"
          label={t('widget.selfie')}
          hint={t('widget.selfieHint')}
          accept={SELFIE_ACCEPT}
          camera="user"
          file={selfie}
          onChange={(file) => choosePhoto('selfie', file)}
          error={errors.selfie}
          isDisabled={busy}
        />
      </fieldset>
    </>
  );
}
