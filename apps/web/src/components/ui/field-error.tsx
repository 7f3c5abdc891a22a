/** The id a form puts in its input's aria-describedby to link the message (document 1: a test id per field). */
export function fieldErrorId(field: string): string {
  return `field-error-${field}`;
}

export interface FieldErrorProps {
  field: string;
  message?: string | null;
  /** Overrides the default id when one form holds the same field name twice. */
  id?: string;
}

/** The inline message under a field; renders nothing when there is no message. */
export function FieldError({ field, message, id }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p
      id={id ?? fieldErrorId(field)}
      data-testid={fieldErrorId(field)}
      className="mt-1.5 text-sm font-medium text-danger"
    >
      {message}
    </p>
  );
}
