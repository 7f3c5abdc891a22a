import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { DateOfBirthPicker } from '../../../components/ui/date-of-birth-picker';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { needsLatin } from './draft';
import { SexField } from './sex-field';
import { StepLayout } from './step-layout';
import { TaxIdField } from './tax-id-field';
import { useBasicDetailsStep } from './use-basic-details-step';

/**
 * KYC screen 1 (document 1, section 2): first and last name (R8: with their romanized form when they are not in
 * Latin letters), date of birth (R7: 18 or older by the full date) and Tax ID. Continue checks them with the
 * contracts' validator, the one the API runs, so both refuse the same input with the same message. Its state and
 * commands are in `use-basic-details-step.ts`.
 */
export function BasicDetailsStep({ onContinue }: { onContinue(): void }) {
  const { t } = useTranslation('kycForm', { useSuspense: true });
  const {
    ready,
    values,
    individual,
    middle,
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
  } = useBasicDetailsStep({ onContinue });

  if (!ready) return <Skeleton />;

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
            value={middle}
            onChange={setMiddle}
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
            onChange={setBirth}
            error={errorOf('birth')}
          />
        </div>
        {individual ? <SexField value={sex} onChange={chooseSex} error={errorOf('sex')} /> : null}
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
