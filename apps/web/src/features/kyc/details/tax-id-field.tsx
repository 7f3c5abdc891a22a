import { CircleHelp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Heading,
  Input,
  Label,
  OverlayArrow,
  Popover,
  TextField as AriaTextField,
} from 'react-aria-components';
import { FieldError, fieldErrorId } from '../../../components/ui/field-error';

const NAME = 'tax.identifier';

/**
 * Tax ID with its help (document 1, section 2): a button next to the label opens a small dialog, reachable with
 * the keyboard and usable on touch screens, where a hover-only tooltip would not be.
 */
export function TaxIdField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  error?: string;
}) {
  const { t } = useTranslation('kycForm', { useSuspense: true });
  const errorId = fieldErrorId(NAME);
  return (
    <div className="flex flex-col">
      <AriaTextField
        name={NAME}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        isRequired
        isInvalid={!!error}
        validationBehavior="aria"
        className="flex flex-col"
      >
        <div className="mb-0.5 flex items-center justify-between gap-2">
          <Label className="text-sm font-semibold text-ink">{t('details.taxId')}</Label>
          <DialogTrigger>
            <AriaButton
              aria-label={t('details.taxIdHelpLabel')}
              className="-mr-2 flex min-h-11 min-w-11 items-center justify-center rounded-lg text-primary-ink outline-none data-[hovered]:bg-primary-soft data-[pressed]:bg-primary-soft data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus"
            >
              <CircleHelp size={20} aria-hidden="true" />
            </AriaButton>
            <Popover
              placement="top end"
              offset={8}
              className="max-w-[min(20rem,calc(100vw-2rem))] rounded-xl bg-surface p-4 shadow-xl ring-1 ring-line"
            >
              <OverlayArrow>
                <svg width={12} height={12} viewBox="0 0 12 12" className="fill-surface">
                  <path d="M0 0 L6 6 L12 0" />
                </svg>
              </OverlayArrow>
              <Dialog className="flex flex-col gap-2 text-sm leading-relaxed text-ink outline-none">
                <Heading slot="title" className="text-base font-semibold">
                  {t('details.taxIdHelpTitle')}
                </Heading>
                <p>{t('details.taxIdHelpUs')}</p>
                <p>{t('details.taxIdHelpInternational')}</p>
              </Dialog>
            </Popover>
          </DialogTrigger>
        </div>
        <Input
          autoComplete="off"
          spellCheck={false}
          aria-describedby={error ? errorId : undefined}
          className={[
            'min-h-11 w-full rounded-xl border bg-surface px-3.5 py-2.5 text-base text-ink placeholder:text-ink-muted',
            'outline-none data-[focused]:border-primary data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-1 data-[focus-visible]:outline-focus',
            error ? 'border-danger' : 'border-line-strong',
          ].join(' ')}
        />
      </AriaTextField>
      <FieldError field={NAME} message={error} id={errorId} />
    </div>
  );
}
