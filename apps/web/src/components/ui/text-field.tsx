import { useId } from 'react';
import {
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { FieldError, fieldErrorId } from './field-error';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'className' | 'isInvalid'> {
  label: string;
  /** The field name used for the error's test id (`field-error-<name>`). */
  name: string;
  description?: string;
  error?: string | null;
  placeholder?: string;
  className?: string;
}

export function TextField({ label, name, description, error, placeholder, className, ...props }: TextFieldProps) {
  const descriptionId = useId();
  const errorId = fieldErrorId(name);
  const describedBy =
    [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <AriaTextField {...props} name={name} isInvalid={!!error} className={['flex flex-col', className ?? ''].join(' ')}>
      <Label className="mb-1.5 text-sm font-semibold text-ink">{label}</Label>
      <Input
        placeholder={placeholder}
        aria-describedby={describedBy}
        className={[
          'min-h-11 w-full rounded-xl border bg-surface px-3.5 py-2.5 text-base text-ink placeholder:text-ink-muted',
          'outline-none data-[focused]:border-primary data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-1 data-[focus-visible]:outline-focus',
          error ? 'border-danger' : 'border-line-strong',
        ].join(' ')}
      />
      {description ? (
        <Text slot="description" id={descriptionId} className="mt-1.5 text-sm text-ink-muted">
          {description}
        </Text>
      ) : null}
      <FieldError field={name} message={error} id={errorId} />
    </AriaTextField>
  );
}
