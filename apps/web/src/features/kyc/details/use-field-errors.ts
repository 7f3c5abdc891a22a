import { useCallback, useState } from 'react';
import { useServerText } from '../../../lib/server-text';
import type { KycDetailsDraft } from './draft';
import '../catalogue-texts';

type FieldMessage = KycDetailsDraft['serverErrors'][string];

/**
 * Which messages a screen shows: a field's problem appears once the field was edited and left, or for every field
 * after Continue, and then follows the value as it changes. A server message shows until its field changes.
 * Messages are the validator's (the API's) words, in the user's language by their keys.
 */
export function useFieldErrors(problems: Record<string, FieldMessage>, serverErrors: Record<string, FieldMessage>) {
  const serverText = useServerText();
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);

  const markEdited = useCallback((field: string) => {
    setEdited((current) => (current.has(field) ? current : new Set(current).add(field)));
  }, []);
  const markBlurred = useCallback(
    (field: string) => {
      if (!edited.has(field)) return;
      setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
    },
    [edited],
  );

  const errorOf = (field: string): string | undefined => {
    const local = submitted || touched.has(field) ? problems[field] : undefined;
    const message = local ?? serverErrors[field];
    return message === undefined
      ? undefined
      : serverText.ofMessage(message.text, message.key === undefined ? undefined : message);
  };

  return { errorOf, markEdited, markBlurred, submit: () => setSubmitted(true) };
}
