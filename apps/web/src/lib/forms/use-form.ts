import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { useSnackbar } from '../../components/ui/snackbar';
import { isApiError, type ApiError } from '../api';
import { useServerText } from '../server-text';

/** A form's messages by field, in the user's language; a field without a problem is absent. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FormOptions<F extends string> {
  /** The fields the form shows a message under. A server message for any other field goes to the snackbar. */
  readonly fields: readonly F[];
  /** The local check before a command is sent: the contract's rules, in the user's language (`schemaErrors`). */
  readonly validate?: () => FieldErrors<F>;
  /** A server field the form shows under another name (the card deposit's `fundsTransferMethodId` is its card). */
  readonly fieldOfServer?: (field: string) => F | undefined;
  /**
   * A refused command the form answers itself (the limit moved since the page read it): return true when handled.
   * Everything else is shown by the form: under the fields the reply names, else in an error snackbar.
   */
  readonly onServerError?: (error: ApiError) => boolean;
}

export interface Form<F extends string> {
  readonly errors: FieldErrors<F>;
  readonly submitting: boolean;
  /** Sets or clears one field's message. */
  setError(field: F, message: string | undefined): void;
  /** Clears one field's message (the user changed it), or every message. */
  clear(field?: F): void;
  /** Puts a refused command's field messages under their fields, by key; false when it names none of them. */
  applyServerError(error: ApiError): boolean;
  /**
   * The submit handler: checks the fields, and when all pass runs the command once at a time. A refusal goes under
   * the fields it names (or to `onServerError`, else the snackbar); anything else is the generic unexpected error.
   */
  handleSubmit(command: () => Promise<unknown>): (event?: FormEvent) => Promise<void>;
}

/**
 * One form's state: its field messages, the local check, the server's refusals applied by key (decision 075) and
 * the in-flight flag that keeps one command per click. Pages keep their values in their own `use-<page>-form.ts`
 * and hand this hook the checks (docs/decisions/082-pages-as-layout.md).
 */
export function useForm<F extends string>(options: FormOptions<F>): Form<F> {
  const { t } = useTranslation();
  const serverText = useServerText();
  const snackbar = useSnackbar();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const { fields, fieldOfServer, validate, onServerError } = options;

  const setError = useCallback((field: F, message: string | undefined) => {
    setErrors((current) => {
      if (current[field] === message) return current;
      const next = { ...current };
      if (message === undefined) delete next[field];
      else next[field] = message;
      return next;
    });
  }, []);

  const clear = useCallback(
    (field?: F) => (field === undefined ? setErrors({}) : setError(field, undefined)),
    [setError],
  );

  const applyServerError = useCallback(
    (error: ApiError) => {
      const next: FieldErrors<F> = {};
      for (const name of Object.keys(error.fields)) {
        const field = fieldOfServer?.(name) ?? (fields.includes(name as F) ? (name as F) : undefined);
        const message = serverText.ofField(error, name);
        if (field !== undefined && message !== undefined) next[field] = message;
      }
      if (Object.keys(next).length === 0) return false;
      setErrors(next);
      return true;
    },
    [fields, fieldOfServer, serverText],
  );

  const handleSubmit = useCallback(
    (command: () => Promise<unknown>) => async (event?: FormEvent) => {
      event?.preventDefault();
      if (inFlight.current) return;
      const problems = validate?.() ?? {};
      setErrors(problems);
      if (Object.keys(problems).length > 0) return;
      inFlight.current = true;
      setSubmitting(true);
      try {
        await command();
      } catch (error) {
        if (!isApiError(error)) snackbar.show({ message: t('common.unexpected'), severity: 'error' });
        else if (!(onServerError?.(error) ?? false) && !applyServerError(error))
          snackbar.show({ message: serverText.ofError(error), severity: 'error' });
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    },
    [applyServerError, onServerError, serverText, snackbar, t, validate],
  );

  return useMemo(
    () => ({ errors, submitting, setError, clear, applyServerError, handleSubmit }),
    [errors, submitting, setError, clear, applyServerError, handleSubmit],
  );
}

/**
 * The contract schema's problems by field (the first per field), each message through `text`: the form's local
 * check is the same rule the API runs. A path's first part names the field; a problem of a field the form does not
 * show is left to the server.
 */
export function schemaErrors<F extends string>(
  schema: ZodType,
  values: unknown,
  fields: readonly F[],
  text: (message: string) => string = (message) => message,
): FieldErrors<F> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (fields.includes(field) && out[field] === undefined) out[field] = text(issue.message);
  }
  return out;
}
