import { useRef, useState, type FormEvent } from 'react';
import { getLocalTimeZone, today, type CalendarDate } from '@internationalized/date';
import { ScanFace } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import {
  KycDocumentUploadReply,
  SubmitDocumentReply,
  VERIFICATION_DOCUMENT_TYPES,
  VERIFICATION_SUBMITTABLE,
  VerificationStatusReply,
  type VerificationDocumentType,
} from '@rampart/contracts';
import { Button } from '../../../../components/ui/button';
import { DateOfBirthPicker } from '../../../../components/ui/date-of-birth-picker';
import { FieldError, fieldErrorId } from '../../../../components/ui/field-error';
import { currentLanguage } from '../../../../lib/i18n';
import { errorText, isApiError } from '../../../../lib/api';
import { trackEvent } from '../../../../lib/telemetry';
import { CountryPicker } from '../../details/country-picker';
import { localiseServerMessage, needsBack } from '../model';
import { PhotoField } from './photo-field';
import type { CaptureWidgetProps } from './types';
import {
  DOCUMENT_ACCEPT,
  documentForm,
  errorsFromUpload,
  exceedsUploadLimit,
  isAccepted,
  overallPercent,
  SELFIE_ACCEPT,
  selfieForm,
  UPLOAD_PATH,
  type CaptureErrors,
} from './upload';

type Phase = { name: 'editing' } | { name: 'uploading'; percent: number } | { name: 'submitting' } | { name: 'done' };

/** What was uploaded already, so a retry after a later failure does not send the same bytes again. */
interface Uploaded {
  documentKey: string;
  documentId: string;
  selfieKey?: string;
  selfieId?: string;
}

const fileKey = (file: File | null) => (file ? `${file.name}:${file.size}:${file.lastModified}` : '-');

function isoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/**
 * The identity-capture widget (document 1, section 2, KYC screen 3; docs/decisions/010): the document's type,
 * issuing country and expiry, photos of its front and (but for a passport) back, and a selfie; then the uploads
 * with their progress and the submission. The same widget runs on this device and on the phone; only `api`
 * differs. Submitting runs once: a second press while it works, or after it succeeded, does nothing.
 */
/** "40 %" in the user's language. */
function percentText(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
    Math.min(100, Math.max(0, percent)) / 100,
  );
}

export function CaptureWidget({
  api,
  defaultCountry,
  deviceId,
  onSubmitted,
  onUnauthorized,
  onBack,
}: CaptureWidgetProps) {
  const { t, i18n } = useTranslation('idv', { useSuspense: true });
  const language = currentLanguage(i18n);
  const [documentType, setDocumentType] = useState<VerificationDocumentType | null>(null);
  const [country, setCountry] = useState<string | null>(defaultCountry);
  const [expiry, setExpiry] = useState<CalendarDate | null>(null);
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [selfie, setSelfie] = useState<File | null>(null);
  const [errors, setErrors] = useState<CaptureErrors>({});
  const [phase, setPhase] = useState<Phase>({ name: 'editing' });
  const submitting = useRef(false);
  const uploaded = useRef<Uploaded | null>(null);

  const busy = phase.name !== 'editing';
  const backNeeded = documentType !== null && needsBack(documentType);
  const tomorrow = today(getLocalTimeZone()).add({ days: 1 });
  const expired = expiry !== null && expiry.compare(tomorrow) < 0;
  const server = (message: string) => localiseServerMessage(message, language);

  const clear = (...fields: Array<keyof CaptureErrors>) =>
    setErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      delete next.form;
      return next;
    });

  const choosePhoto = (field: 'file' | 'backFile' | 'selfie', file: File | null) => {
    const accept = field === 'selfie' ? SELFIE_ACCEPT : DOCUMENT_ACCEPT;
    if (file && !isAccepted(file, accept)) {
      setErrors((current) => ({
        ...current,
        [field]: t(field === 'selfie' ? 'widget.errors.selfieType' : 'widget.errors.fileType'),
      }));
      return;
    }
    clear(field);
    if (field === 'file') setFront(file);
    else if (field === 'backFile') setBack(file);
    else setSelfie(file);
  };

  function check(): CaptureErrors {
    const found: CaptureErrors = {};
    if (!documentType) found.documentType = t('widget.errors.documentType');
    if (!country) found.documentCountry = t('widget.errors.country');
    if (!expiry) found.documentExpiration = t('widget.errors.expiryRequired');
    else if (expired) found.documentExpiration = t('widget.errors.expired');
    if (!front) found.file = t('widget.errors.front');
    if (backNeeded && !back) found.backFile = t('widget.errors.back');
    if (!selfie) found.selfie = t('widget.errors.selfie');
    if (front && exceedsUploadLimit([front, backNeeded ? back : null])) found.file = t('widget.errors.tooLarge');
    if (selfie && exceedsUploadLimit([selfie])) found.selfie = t('widget.errors.tooLarge');
    return found;
  }

  /** Shows an error of one of the calls where it belongs; true when the capture turned out to be recorded already. */
  function showFailure(error: unknown, request: 'document' | 'selfie' | 'submit'): boolean {
    if (!isApiError(error)) {
      console.error('[idv] capture failed', error);
      trackEvent('identity_widget_error', { kind: 'capture' });
      setErrors({ form: t('widget.errors.unexpected') });
      return false;
    }
    if (error.kind === 'connection') {
      setErrors({ form: t('widget.errors.connection') });
      return false;
    }
    if (error.statusCode === 401) {
      setErrors({ form: t('widget.errors.unauthorized') });
      onUnauthorized?.();
      return false;
    }
    if (request === 'submit' && error.statusCode === 409) return true;
    if (request !== 'submit') {
      const { mapped, rest } = errorsFromUpload(error.fields, request);
      const localised = Object.fromEntries(
        Object.entries(mapped).map(([field, message]) => [field, server(message)]),
      ) as CaptureErrors;
      if (Object.keys(localised).length > 0) {
        setErrors({ ...localised, ...(rest.length > 0 ? { form: rest.map(server).join(' ') } : {}) });
        return false;
      }
      // 413 payload_too_large without fields (the server's own body limit): its message under the file.
      if (error.statusCode === 413) {
        setErrors({ [request === 'selfie' ? 'selfie' : 'file']: server(error.errors[0] ?? error.message) });
        return false;
      }
    }
    setErrors({ form: server(errorText(error)) });
    return false;
  }

  async function capture(): Promise<boolean> {
    if (!documentType || !country || !expiry || !front || !selfie) return false;
    const backFile = backNeeded ? back : null;
    const documentKey = [documentType, country, isoDate(expiry), fileKey(front), fileKey(backFile)].join('|');
    const selfieKey = [country, fileKey(selfie)].join('|');
    if (uploaded.current?.documentKey !== documentKey) uploaded.current = null;

    setPhase({ name: 'uploading', percent: 0 });
    // The session may have been completed on the other device meanwhile; this also renews a login token that is
    // about to expire before the upload reads it.
    let status;
    try {
      status = await api.request('/socure/status', { body: {}, retry: true, schema: VerificationStatusReply });
    } catch (error) {
      showFailure(error, 'submit');
      return false;
    }
    if (!VERIFICATION_SUBMITTABLE.includes(status.status)) return true;

    const weights = [front.size + (backFile?.size ?? 0), selfie.size];
    const steps: Array<'document' | 'selfie'> = [];
    if (!uploaded.current) steps.push('document');
    if (uploaded.current?.selfieKey !== selfieKey) steps.push('selfie');
    const stepWeights = steps.map((step) => (step === 'document' ? weights[0] : weights[1]) ?? 0);

    for (const [index, step] of steps.entries()) {
      const form =
        step === 'document'
          ? documentForm({ documentType, country, expiresOn: isoDate(expiry), front, back: backFile })
          : selfieForm(selfie, country);
      try {
        const reply = await api.upload(UPLOAD_PATH, form, {
          schema: KycDocumentUploadReply,
          onProgress: (loaded, total) =>
            setPhase({ name: 'uploading', percent: overallPercent(stepWeights, index, loaded, total) }),
        });
        const id = reply.documents[0]?.id;
        if (!id) throw new Error('The upload reply named no document');
        if (step === 'document') uploaded.current = { documentKey, documentId: id };
        else if (uploaded.current) uploaded.current = { ...uploaded.current, selfieKey, selfieId: id };
      } catch (error) {
        showFailure(error, step);
        return false;
      }
    }

    setPhase({ name: 'submitting' });
    const ids = uploaded.current;
    if (!ids?.selfieId) return false;
    try {
      await api.request('/socure/submit_document', {
        body: { documentType, documentId: ids.documentId, selfieId: ids.selfieId, deviceId },
        schema: SubmitDocumentReply,
      });
      // R22: counted when this capture was submitted (not when the other device had already done it).
      trackEvent('document_submitted');
    } catch (error) {
      const recorded = showFailure(error, 'submit');
      // The server refused these files (a 400 naming them): the next try uploads them again.
      if (!recorded && isApiError(error) && error.statusCode === 400) uploaded.current = null;
      return recorded;
    }
    return true;
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Document 1, section 4: the submit handler runs once only.
    if (submitting.current) return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    submitting.current = true;
    void capture().then(
      (recorded) => {
        if (recorded) {
          setPhase({ name: 'done' });
          onSubmitted();
        } else {
          submitting.current = false;
          setPhase({ name: 'editing' });
        }
      },
      (error: unknown) => {
        console.error('[idv] capture failed', error);
        trackEvent('identity_widget_error', { kind: 'capture' });
        submitting.current = false;
        setPhase({ name: 'editing' });
        setErrors({ form: t('widget.errors.unexpected') });
      },
    );
  };

  const expiryError = errors.documentExpiration ?? (expired ? t('widget.errors.expired') : null);

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

      <Form validationBehavior="aria" onSubmit={submit} className="flex flex-col gap-6" aria-busy={busy}>
        <fieldset className="flex flex-col gap-4" disabled={busy}>
          <legend className="mb-3 text-lg font-bold text-ink">{t('widget.documentSection')}</legend>
          <RadioGroup
            value={documentType}
            onChange={(value) => {
              setDocumentType(value as VerificationDocumentType);
              clear('documentType', 'backFile');
            }}
            isInvalid={!!errors.documentType}
            isDisabled={busy}
            aria-describedby={errors.documentType ? fieldErrorId('documentType') : undefined}
            className="flex flex-col"
          >
            <Label className="mb-1.5 text-sm font-semibold text-ink">{t('widget.documentType')}</Label>
            <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
              {VERIFICATION_DOCUMENT_TYPES.map((type) => (
                <Radio
                  key={type}
                  value={type}
                  className={[
                    'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2.5 text-base text-ink outline-none',
                    'data-[selected]:border-primary data-[selected]:bg-primary-soft data-[selected]:font-semibold',
                    'data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus data-[disabled]:opacity-50',
                    errors.documentType ? 'border-danger' : 'border-line-strong',
                  ].join(' ')}
                >
                  {({ isSelected }) => (
                    <>
                      <span
                        aria-hidden="true"
                        className={[
                          'flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2',
                          isSelected ? 'border-primary' : 'border-line-strong',
                        ].join(' ')}
                      >
                        {isSelected ? <span className="h-2.5 w-2.5 rounded-full bg-primary" /> : null}
                      </span>
                      {t(`documentTypes.${type}`)}
                    </>
                  )}
                </Radio>
              ))}
            </div>
            <FieldError field="documentType" message={errors.documentType} />
          </RadioGroup>

          <CountryPicker
            label={t('widget.country')}
            value={country}
            onChange={(code) => {
              setCountry(code);
              clear('documentCountry');
            }}
            restricted="disable"
            errorMessage={errors.documentCountry}
            testId="documentCountry"
            isRequired
          />

          <DateOfBirthPicker
            label={t('widget.expiry')}
            name="documentExpiration"
            value={expiry}
            onChange={(value) => {
              setExpiry(value);
              clear('documentExpiration');
            }}
            minValue={tomorrow}
            error={expiryError}
            description={t('widget.expiryHint')}
            isRequired
          />
        </fieldset>

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

        {errors.form ? (
          <p
            role="alert"
            data-testid="capture-error"
            className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
          >
            {errors.form}
          </p>
        ) : null}

        {phase.name === 'uploading' ? (
          // A plain progressbar rather than React Aria's: its ProgressBar brings a number formatter into the chunk
          // every page shares (RAC's Button imports its context), which /auth would then load (decision 026).
          <div
            role="progressbar"
            aria-labelledby="idv-upload-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(phase.percent)}
            aria-valuetext={percentText(phase.percent, i18n.language)}
            className="flex flex-col gap-1.5"
            data-testid="upload-progress"
          >
            <div className="flex items-center justify-between gap-3 text-sm">
              <span id="idv-upload-label" className="font-semibold text-ink">
                {t('widget.uploading')}
              </span>
              <span className="tabular-nums text-ink-muted">{percentText(phase.percent, i18n.language)}</span>
            </div>
            <div className="h-2.5 w-full overflow-hidden rounded-full bg-surface-muted ring-1 ring-line">
              <div
                className="h-full rounded-full bg-primary transition-[width]"
                style={{ width: `${Math.min(100, Math.max(0, phase.percent))}%` }}
              />
            </div>
          </div>
        ) : null}
        {phase.name === 'submitting' || phase.name === 'done' ? (
          <p role="status" className="text-center text-sm font-medium text-ink-muted">
            {phase.name === 'done' ? t('widget.submitted') : t('widget.submitting')}
          </p>
        ) : null}

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
