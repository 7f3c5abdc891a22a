import { useRef, useState, type FormEvent } from 'react';
import { getLocalTimeZone, today, type CalendarDate } from '@internationalized/date';
import { useTranslation } from 'react-i18next';
import {
  KycDocumentUploadReply,
  SubmitDocumentReply,
  VERIFICATION_SUBMITTABLE,
  VerificationStatusReply,
  type VerificationDocumentType,
} from '@rampart/contracts';
import { isApiError } from '../../../../lib/api';
import { trackEvent } from '../../../../lib/telemetry';
import { needsBack } from '../model';
import { useServerText } from '../../../../lib/server-text';
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

export type CapturePhase =
  { name: 'editing' } | { name: 'uploading'; percent: number } | { name: 'submitting' } | { name: 'done' };

export type PhotoName = 'file' | 'backFile' | 'selfie';

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
 * The capture widget's state (KYC screen 3; docs/decisions/010): the document's type, country and expiry, the three
 * photos, the messages under them and in the form, and the uploads and submission with their progress. Its errors
 * stay in the widget (not in a snackbar): the same widget runs on the phone, and the server's texts are localised as
 * the identity model does (`localiseServerMessage`). Submitting runs once: a second press while it works, or after
 * it succeeded, does nothing.
 */
export function useCaptureWidget({
  api,
  defaultCountry,
  deviceId,
  onSubmitted,
  onUnauthorized,
}: Omit<CaptureWidgetProps, 'onBack'>) {
  const { t } = useTranslation('idv', { useSuspense: true });
  const [documentType, setDocumentType] = useState<VerificationDocumentType | null>(null);
  const [country, setCountry] = useState<string | null>(defaultCountry);
  const [expiry, setExpiry] = useState<CalendarDate | null>(null);
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [selfie, setSelfie] = useState<File | null>(null);
  const [errors, setErrors] = useState<CaptureErrors>({});
  const [phase, setPhase] = useState<CapturePhase>({ name: 'editing' });
  const submitting = useRef(false);
  const uploaded = useRef<Uploaded | null>(null);

  const busy = phase.name !== 'editing';
  const backNeeded = documentType !== null && needsBack(documentType);
  const tomorrow = today(getLocalTimeZone()).add({ days: 1 });
  const expired = expiry !== null && expiry.compare(tomorrow) < 0;
  const serverText = useServerText();

  const clear = (...fields: Array<keyof CaptureErrors>) =>
    setErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      delete next.form;
      return next;
    });

  const choosePhoto = (field: PhotoName, file: File | null) => {
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

  const chooseDocumentType = (value: VerificationDocumentType) => {
    setDocumentType(value);
    clear('documentType', 'backFile');
  };

  const chooseCountry = (code: string | null) => {
    setCountry(code);
    clear('documentCountry');
  };

  const chooseExpiry = (value: CalendarDate | null) => {
    setExpiry(value);
    clear('documentExpiration');
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
      // Each field's message in the user's language by its key, then placed under the widget's own field.
      const shown = Object.fromEntries(
        Object.keys(error.fields).map((name) => [name, serverText.ofField(error, name) ?? '']),
      );
      const { mapped, rest } = errorsFromUpload(shown, request);
      if (Object.keys(mapped).length > 0) {
        setErrors({ ...mapped, ...(rest.length > 0 ? { form: rest.join(' ') } : {}) });
        return false;
      }
      // 413 payload_too_large without fields (the server's own body limit): its message under the file.
      if (error.statusCode === 413) {
        setErrors({ [request === 'selfie' ? 'selfie' : 'file']: serverText.ofError(error) });
        return false;
      }
    }
    setErrors({ form: serverText.ofError(error) });
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

  return {
    documentType,
    country,
    expiry,
    front,
    back,
    selfie,
    errors,
    expiryError,
    phase,
    busy,
    backNeeded,
    tomorrow,
    chooseDocumentType,
    chooseCountry,
    chooseExpiry,
    choosePhoto,
    submit,
  };
}

export type CaptureWidgetState = ReturnType<typeof useCaptureWidget>;
