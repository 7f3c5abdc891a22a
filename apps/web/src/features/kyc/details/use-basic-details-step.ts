import { useRef, type FormEvent } from 'react';
import { CalendarDate } from '@internationalized/date';
import { RULE_MESSAGES, type KycProblem } from '@rampart/contracts';
import { useFeatureFlags } from '../../../lib/config';
import { DETAILS_FIELDS, draftProblems, updateDraft, updateIndividualProfile, type KycDetailsValues } from './draft';
import { focusFirstInvalid } from './step-layout';
import { useFieldErrors } from './use-field-errors';
import { useSeededDraft } from './use-draft';

/**
 * The basic details screen's state: the seeded draft, its problems by the contracts' validator (the one the API runs),
 * their messages (`useFieldErrors`), and Continue, which hands over only when no field is refused.
 */
export function useBasicDetailsStep({ onContinue }: { onContinue(): void }) {
  const { draft, ready } = useSeededDraft();
  const formRef = useRef<HTMLFormElement>(null);
  // Flag "KYC individual" (docs/feature-flags.md): the fuller profile, middle name (optional) and sex (required).
  const individual = useFeatureFlags().kycIndividual;
  const sex = draft.base.sex ?? '';
  const problems: Record<string, KycProblem> = {
    ...draftProblems(draft),
    ...(individual && sex.trim() === '' ? { sex: { key: 'rule.required', text: RULE_MESSAGES.en.required } } : {}),
  };
  const { errorOf, markEdited, markBlurred, submit } = useFieldErrors(problems, draft.serverErrors);
  const { values } = draft;

  /** The change handler of a field of the draft, named `field` on the form and by the server. */
  const set =
    <K extends keyof KycDetailsValues>(key: K, field: string) =>
    (value: KycDetailsValues[K]) => {
      markEdited(field);
      updateDraft({ [key]: value } as Partial<KycDetailsValues>);
    };

  const setMiddle = (value: string) => {
    markEdited('name.middle');
    updateIndividualProfile({ middle: value });
  };

  const setBirth = (next: CalendarDate | null) => {
    markEdited('birth');
    updateDraft({ birth: next ? { year: next.year, month: next.month, day: next.day } : null });
  };

  const chooseSex = (value: string) => {
    markEdited('sex');
    markBlurred('sex');
    updateIndividualProfile({ sex: value });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
    const fields: readonly string[] = individual ? [...DETAILS_FIELDS, 'name.middle', 'sex'] : DETAILS_FIELDS;
    const refused = fields.some((field) => problems[field] !== undefined || draft.serverErrors[field] !== undefined);
    if (refused) {
      focusFirstInvalid(formRef.current);
      return;
    }
    onContinue();
  };

  const birth = values.birth ? new CalendarDate(values.birth.year, values.birth.month, values.birth.day) : null;

  return {
    ready,
    values,
    individual,
    middle: draft.base.name?.middle ?? '',
    sex,
    birth,
    formRef,
    errorOf,
    markBlurred,
    set,
    setMiddle,
    setBirth,
    chooseSex,
    onSubmit,
  };
}
