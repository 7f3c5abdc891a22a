import { useRef, type FormEvent } from 'react';
import { CalendarDate } from '@internationalized/date';
import { useTranslation } from 'react-i18next';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { KYC_SEXES, RULE_MESSAGES, type KycProblem } from '@rampart/contracts';
import { useFeatureFlags } from '../../../lib/config';
import { Button } from '../../../components/ui/button';
import { FieldError, fieldErrorId } from '../../../components/ui/field-error';
import { DateOfBirthPicker } from '../../../components/ui/date-of-birth-picker';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import {
  DETAILS_FIELDS,
  draftProblems,
  needsLatin,
  updateDraft,
  updateIndividualProfile,
  type KycDetailsValues,
} from './draft';
import { focusFirstInvalid, StepLayout } from './step-layout';
import { TaxIdField } from './tax-id-field';
import { useFieldErrors } from './use-field-errors';
import { useSeededDraft } from './use-draft';

/**
 * KYC screen 1 (document 1, section 2): first and last name (R8: with their romanized form when they are not in
 * Latin letters), date of birth (R7: 18 or older by the full date) and Tax ID. Continue checks them with the
 * contracts' validator, the one the API runs, so both refuse the same input with the same message.
 */
export function BasicDetailsStep({ onContinue }: { onContinue(): void }) {
  const { t } = useTranslation('kycForm', { useSuspense: true });
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

  if (!ready) return <Skeleton />;

  const set =
    <K extends keyof KycDetailsValues>(key: K, field: string) =>
    (value: KycDetailsValues[K]) => {
      markEdited(field);
      updateDraft({ [key]: value } as Partial<KycDetailsValues>);
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

  return (
    <StepLayout title={t('details.title')} intro={t('details.intro')}>
      <Form ref={formRef} validationBehavior="aria" onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          name="name.first"
          label={t('details.firstName')}
          autoComplete="given-name"
          isRequired
          value={values.first}
          onChange={set('first', 'name.first')}
          onBlur={() => markBlurred('name.first')}
          error={errorOf('name.first')}
        />
        {needsLatin(values.first) ? (
          <TextField
            name="name.latinFirst"
            label={t('details.latinFirst')}
            description={t('details.latinHelp')}
            isRequired
            value={values.latinFirst}
            onChange={set('latinFirst', 'name.latinFirst')}
            onBlur={() => markBlurred('name.latinFirst')}
            error={errorOf('name.latinFirst')}
          />
        ) : null}
        <TextField
          name="name.last"
          label={t('details.lastName')}
          autoComplete="family-name"
          isRequired
          value={values.last}
          onChange={set('last', 'name.last')}
          onBlur={() => markBlurred('name.last')}
          error={errorOf('name.last')}
        />
        {individual ? (
          <TextField
            name="name.middle"
            label={t('details.middleName')}
            autoComplete="additional-name"
            value={draft.base.name?.middle ?? ''}
            onChange={(value) => {
              markEdited('name.middle');
              updateIndividualProfile({ middle: value });
            }}
            onBlur={() => markBlurred('name.middle')}
            error={errorOf('name.middle')}
          />
        ) : null}
        {needsLatin(values.last) ? (
          <TextField
            name="name.latinLast"
            label={t('details.latinLast')}
            description={t('details.latinHelp')}
            isRequired
            value={values.latinLast}
            onChange={set('latinLast', 'name.latinLast')}
            onBlur={() => markBlurred('name.latinLast')}
            error={errorOf('name.latinLast')}
          />
        ) : null}
        <div
          onBlur={(event) => {
            // The picker is several segments and a calendar: it is left when focus goes outside all of them.
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) markBlurred('birth');
          }}
        >
          <DateOfBirthPicker
            name="birth"
            label={t('details.birthDate')}
            isRequired
            value={birth}
            onChange={(next) => {
              markEdited('birth');
              updateDraft({ birth: next ? { year: next.year, month: next.month, day: next.day } : null });
            }}
            error={errorOf('birth')}
          />
        </div>
        {individual ? (
          <RadioGroup
            name="sex"
            value={sex === '' ? null : sex}
            onChange={(value) => {
              markEdited('sex');
              markBlurred('sex');
              updateIndividualProfile({ sex: value });
            }}
            isRequired
            isInvalid={!!errorOf('sex')}
            aria-describedby={errorOf('sex') ? fieldErrorId('sex') : undefined}
            orientation="horizontal"
            className="flex flex-col gap-2"
          >
            <Label className="text-sm font-semibold text-ink">{t('details.sex')}</Label>
            <div className="flex flex-wrap gap-2">
              {KYC_SEXES.map((option) => (
                <Radio
                  key={option}
                  value={option}
                  className={({ isSelected, isFocusVisible }) =>
                    [
                      'flex min-h-11 cursor-pointer items-center rounded-xl border px-4 font-semibold text-ink outline-none',
                      isSelected
                        ? 'border-primary bg-primary-soft'
                        : 'border-line-strong bg-surface data-[hovered]:bg-surface-muted',
                      isFocusVisible ? 'outline-3 outline-offset-2 outline-focus' : '',
                    ].join(' ')
                  }
                >
                  {t(`details.sexes.${option}`)}
                </Radio>
              ))}
            </div>
            <FieldError field="sex" message={errorOf('sex')} />
          </RadioGroup>
        ) : null}
        <TaxIdField
          value={values.taxId}
          onChange={set('taxId', 'tax.identifier')}
          onBlur={() => markBlurred('tax.identifier')}
          error={errorOf('tax.identifier')}
        />
        <Button type="submit" fullWidth className="mt-2">
          {t('continue')}
        </Button>
      </Form>
    </StepLayout>
  );
}
