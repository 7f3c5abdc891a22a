import { useEffect, useId, useState } from 'react';
import { Camera, FileText, ImageUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FileTrigger } from 'react-aria-components';
import { Button } from '../../../../components/ui/button';
import { FieldError, fieldErrorId } from '../../../../components/ui/field-error';

/** Phones (a coarse pointer) get a button that opens the camera as well as the file chooser. */
function useHasCamera(): boolean {
  const [coarse] = useState(
    () =>
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(pointer: coarse)').matches,
  );
  return coarse;
}

/** A data: URL of the chosen photo (the CSP allows data: images; nothing to revoke, whatever React replays). */
function usePreviewUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/') || typeof FileReader === 'undefined') return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  // A preview of an earlier file is never shown for the current one.
  return preview && preview.file === file ? preview.url : null;
}

function formatSize(bytes: number, language: string | undefined): string {
  const mb = bytes / (1024 * 1024);
  const formatter = new Intl.NumberFormat(language, { maximumFractionDigits: mb < 10 ? 1 : 0 });
  return mb >= 1 ? `${formatter.format(mb)} MB` : `${formatter.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

export interface PhotoFieldProps {
  /** The error's field name: its message carries `data-testid="field-error-<name>"`. */
  name: string;
  label: string;
  hint: string;
  accept: readonly string[];
  /** Which camera a phone opens: the back one for a document, the front one for a selfie. */
  camera: 'environment' | 'user';
  file: File | null;
  onChange(file: File | null): void;
  error?: string | null;
  isDisabled?: boolean;
}

/**
 * One photo of the capture: what to photograph, a preview of the chosen file, and labelled buttons (React Aria,
 * so Enter and Space open the chooser). The inputs carry `accept` and `capture`, so a phone offers its camera.
 */
export function PhotoField({ name, label, hint, accept, camera, file, onChange, error, isDisabled }: PhotoFieldProps) {
  const { t, i18n } = useTranslation('idv', { useSuspense: true });
  const labelId = useId();
  const hasCamera = useHasCamera();
  const preview = usePreviewUrl(file);
  const errorId = fieldErrorId(name);
  const select = (files: FileList | null) => {
    const chosen = files?.[0];
    if (chosen) onChange(chosen);
  };

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      className={['flex flex-col gap-3 rounded-xl border p-3.5', error ? 'border-danger' : 'border-line'].join(' ')}
    >
      <div className="flex items-start gap-3">
        <div className="flex h-16 w-20 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-surface-muted text-ink-muted">
          {preview ? (
            <img src={preview} alt={t('photo.previewAlt', { label })} className="h-full w-full object-cover" />
          ) : file ? (
            <FileText size={28} aria-hidden="true" />
          ) : camera === 'user' ? (
            <Camera size={28} aria-hidden="true" />
          ) : (
            <ImageUp size={28} aria-hidden="true" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <p id={labelId} className="text-base font-semibold text-ink">
            {label}
          </p>
          {file ? (
            <p className="truncate text-sm text-ink-muted" data-testid={`photo-chosen-${name}`}>
              {t('photo.chosen', { name: file.name, size: formatSize(file.size, i18n.resolvedLanguage) })}
            </p>
          ) : (
            <p className="text-sm text-ink-muted">{hint}</p>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {hasCamera ? (
          <FileTrigger
            acceptedFileTypes={accept.filter((type) => type.startsWith('image/'))}
            defaultCamera={camera}
            onSelect={select}
            data-testid={`photo-camera-${name}`}
          >
            <Button
              variant={file ? 'secondary' : 'primary'}
              fullWidth
              isDisabled={isDisabled}
              aria-label={`${label}: ${camera === 'user' ? t('photo.takeSelfie') : t('photo.takePhoto')}`}
            >
              <Camera size={18} aria-hidden="true" />
              {camera === 'user' ? t('photo.takeSelfie') : t('photo.takePhoto')}
            </Button>
          </FileTrigger>
        ) : null}
        {/* No `capture` here: the chooser also offers the gallery and files (a PDF of the document). */}
        <FileTrigger acceptedFileTypes={accept} onSelect={select} data-testid={`photo-input-${name}`}>
          <Button
            variant={file || hasCamera ? 'secondary' : 'primary'}
            fullWidth
            isDisabled={isDisabled}
            aria-label={`${label}: ${file ? t('photo.replace') : t('photo.choose')}`}
          >
            <ImageUp size={18} aria-hidden="true" />
            {file ? t('photo.replace') : t('photo.choose')}
          </Button>
        </FileTrigger>
      </div>
      <FieldError field={name} message={error} id={errorId} />
    </div>
  );
}
